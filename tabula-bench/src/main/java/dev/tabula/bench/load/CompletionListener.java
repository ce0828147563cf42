package dev.tabula.bench.load;

/**
 * Told by {@link LoadRunner} of each operation that completed correctly, as it completes, so that a
 * caller can see a run's rate over time (the cold-start bench's one-second windows) rather than
 * only its totals. Called from every worker thread at once: implementations must be thread-safe and
 * quick.
 */
@FunctionalInterface
public interface CompletionListener {
  /** Listens to nothing. */
  CompletionListener NONE = (endNanos, elapsedNanos) -> {};

  /**
   * An operation completed correctly.
   *
   * @param endNanos the {@link System#nanoTime()} at which it completed
   * @param elapsedNanos how long it took
   */
  void completed(long endNanos, long elapsedNanos);
}
