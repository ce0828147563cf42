package dev.tabula.bench.load;

import java.io.IOException;

/**
 * One operation of a workload, performed on the calling worker's own connection. Implementations
 * are called from many workers at once, so they keep no mutable state of their own.
 */
@FunctionalInterface
public interface Operation {
  /**
   * Performs operation number {@code seq} (unique across the run's workers, from 0) and checks what
   * came back.
   *
   * @throws IOException when the connection failed (counted as an error)
   */
  Outcome perform(TableConnection connection, long seq) throws IOException;
}
