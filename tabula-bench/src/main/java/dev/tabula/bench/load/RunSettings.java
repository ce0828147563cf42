package dev.tabula.bench.load;

import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * How a workload is driven.
 *
 * @param concurrency the workers, each with its own keep-alive connection and one request in flight
 * @param bounds at most this many measured operations and this much measured time
 * @param warmup time spent running the workload unmeasured first (JIT, caches, connections)
 * @param timeoutMillis how long one request may stay silent before it fails
 * @param tableSettings Tabula's table settings (docs/extensions.md) to give the table a write
 *     workload creates, as the JSON document, or null to leave it as the service would (the only
 *     choice against Azurite or the service)
 */
public record RunSettings(
    int concurrency,
    RunBounds bounds,
    Duration warmup,
    int timeoutMillis,
    @Nullable String tableSettings) {

  /** Settings that leave the tables as the service would. */
  public RunSettings(int concurrency, RunBounds bounds, Duration warmup, int timeoutMillis) {
    this(concurrency, bounds, warmup, timeoutMillis, null);
  }

  public RunSettings {
    if (concurrency < 1 || concurrency > 1024 || warmup.isNegative() || timeoutMillis < 1) {
      throw new IllegalArgumentException("concurrency 1..1024, warm-up >= 0, timeout > 0");
    }
  }

  /** These settings with another concurrency. */
  public RunSettings withConcurrency(int workers) {
    return new RunSettings(workers, bounds, warmup, timeoutMillis, tableSettings);
  }

  /** These settings with other bounds and no warm-up (set-up work such as loading a table). */
  public RunSettings unmeasured(long operations, Duration budget, int workers) {
    return new RunSettings(
        workers, new RunBounds(operations, budget), Duration.ZERO, timeoutMillis, tableSettings);
  }
}
