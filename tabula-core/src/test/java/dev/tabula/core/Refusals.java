package dev.tabula.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** Asserts that a service call is refused with a service error code. */
final class Refusals {
  private Refusals() {}

  /**
   * Runs {@code call} (which joins the stage of an asynchronous write) and asserts it fails with
   * {@code code}, whether the service throws at once or completes the stage exceptionally: which of
   * the two a refusal takes is the service's choice, the error code is what clients see.
   */
  static TableException assertRefused(TableErrorCode code, ThrowingCallable call) {
    Throwable thrown = catchThrowable(call);
    while (thrown instanceof CompletionException || thrown instanceof ExecutionException) {
      thrown = thrown.getCause();
    }
    assertThat(thrown).as("the refusal").isInstanceOf(TableException.class);
    TableException refusal = (TableException) thrown;
    assertThat(refusal.code()).as("error code").isEqualTo(code);
    return refusal;
  }
}
