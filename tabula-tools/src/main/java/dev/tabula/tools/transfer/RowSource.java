package dev.tabula.tools.transfer;

import dev.tabula.tools.format.NumberedEntity;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * Where the entities of a transfer come from, in order: a file's rows (numbered by line) or a
 * query's entities (numbered from 1). The numbers only grow; a resumed import skips by them.
 */
public interface RowSource {

  /** The next row, or null at the end. */
  @Nullable NumberedEntity next() throws IOException;

  /** How far the source got, in the unit its progress is shown in (bytes of a file, entities). */
  long position();
}
