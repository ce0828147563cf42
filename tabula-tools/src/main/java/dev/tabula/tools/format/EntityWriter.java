package dev.tabula.tools.format;

import dev.tabula.tools.entity.TransferEntity;
import java.io.IOException;

/** Writes entities to a file or stream, one at a time. Closing flushes and closes the target. */
public interface EntityWriter extends AutoCloseable {

  /** Writes one entity. */
  void write(TransferEntity entity) throws IOException;

  @Override
  void close() throws IOException;
}
