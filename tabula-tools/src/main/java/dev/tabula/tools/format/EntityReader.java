package dev.tabula.tools.format;

import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * Reads entities from a file one at a time, with the line each starts on, so that a refused or
 * unreadable row can be reported by its line number. A line that is not an entity does not stop the
 * reading: it comes back as a {@link NumberedEntity} with an error, for the caller to report.
 */
public interface EntityReader extends AutoCloseable {

  /** The next entity (or unreadable row), or null at the end of the input. */
  @Nullable NumberedEntity next() throws IOException;

  /** How many bytes of the input were consumed so far (for progress against the file's size). */
  long bytesRead();

  @Override
  void close() throws IOException;
}
