package dev.tabula.conformance;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.opentest4j.TestAbortedException;

/**
 * Puts the engine under test in front of a failing contract test's message. Surefire names the runs
 * of a parameterized class by number ({@code CorsContract[2]}), not by their display name, so
 * without this a failure would not say whether it happened on Memory, Rocks or Cassandra. The
 * original failure stays attached as the cause, and the stack trace is its own, so the report still
 * points at the failing line.
 */
final class EngineNamedFailures implements TestExecutionExceptionHandler {
  @Override
  public void handleTestExecutionException(ExtensionContext context, Throwable failure)
      throws Throwable {
    if (failure instanceof TestAbortedException
        || !(context.getTestInstance().orElse(null) instanceof ConformanceBase base)) {
      throw failure;
    }
    String message = "on " + base.underTest + ": " + failure.getMessage();
    Throwable named =
        failure instanceof AssertionError
            ? new AssertionError(message, failure)
            : new IllegalStateException(message, failure);
    named.setStackTrace(failure.getStackTrace());
    throw named;
  }
}
