package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.DriverException;
import dev.tabula.engine.Stages;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * Requests through the driver's async API ({@code executeAsync}), so that no thread waits for the
 * node: the stage completes on the driver's own threads. Failures are the storage outcomes {@link
 * CassandraFailures} makes of them, as a blocking call would throw them.
 */
final class CassandraAsync {
  private CassandraAsync() {}

  /**
   * The stage {@code start} returns, its driver failure translated; a failure thrown while starting
   * (a closed engine, a request the driver refuses at once) fails the stage instead of the caller.
   */
  static <T> CompletableFuture<T> start(Supplier<? extends CompletionStage<T>> start) {
    CompletionStage<T> stage;
    try {
      stage = start.get();
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(translated(e));
    }
    CompletableFuture<T> result = new CompletableFuture<>();
    stage.whenComplete(
        (value, failure) -> {
          if (failure == null) {
            result.complete(value);
          } else {
            result.completeExceptionally(translated(Stages.unwrap(failure)));
          }
        });
    return result;
  }

  private static Throwable translated(Throwable failure) {
    return failure instanceof DriverException driver
        ? CassandraFailures.translate(driver)
        : failure;
  }
}
