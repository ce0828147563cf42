package dev.tabula.engine;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * Stages of calls that end at once, and waiting for stages the way a blocking call would end: with
 * its result or its own exception.
 */
public final class Stages {
  private Stages() {}

  /**
   * Runs {@code work} on this thread, for an engine that is synchronous at heart, and returns a
   * stage completed with its result, or exceptionally with the {@link RuntimeException} it threw.
   */
  public static <T> CompletableFuture<T> completed(Supplier<T> work) {
    try {
      return CompletableFuture.completedFuture(work.get());
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  /**
   * Waits for {@code stage} and returns its result, or throws the exception it completed with
   * (unwrapped from the {@link CompletionException} that {@link CompletableFuture#join} adds).
   */
  public static <T> T join(CompletableFuture<T> stage) {
    try {
      return stage.join();
    } catch (CompletionException e) {
      throw unchecked(unwrap(e));
    }
  }

  /** The exception a stage completed with, without the wrappers of the stages after it. */
  public static Throwable unwrap(Throwable failure) {
    Throwable cause = failure;
    while (cause instanceof CompletionException && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause;
  }

  private static RuntimeException unchecked(Throwable cause) {
    if (cause instanceof RuntimeException e) {
      return e;
    }
    if (cause instanceof Error e) {
      throw e;
    }
    return new CompletionException(cause);
  }
}
