package dev.tabula.core.storage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.engine.ApplyResult.Rejected.Reason;
import dev.tabula.engine.StorageException;
import dev.tabula.engine.StorageException.Kind;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What clients are told for each storage outcome and each rejected write: the status, code and text
 * the engines answered with themselves before they reported in their own words.
 */
class StorageErrorsTest {

  @Test
  void storageOutcomes_areTheServicesErrors() {
    assertError(Kind.UNAVAILABLE, 503, "ServerBusy", TableErrorCode.SERVER_BUSY.defaultMessage());
    assertError(
        Kind.OUT_OF_SPACE,
        503,
        "ServerBusy",
        "The server is out of disk space and cannot store writes; reads still work. Please retry"
            + " your request once disk space has been freed.");
    assertError(
        Kind.OUTCOME_UNKNOWN,
        500,
        "OperationTimedOut",
        "The operation could not be completed within the permitted time.");
    assertError(Kind.NO_SUCH_TABLE, 404, "TableNotFound", "The table specified does not exist.");
  }

  @Test
  void rejectedWrites_areTheServicesErrors() {
    Map<Reason, String> codes =
        Map.of(
            Reason.ENTITY_EXISTS, "409 EntityAlreadyExists",
            Reason.ENTITY_MISSING, "404 ResourceNotFound",
            Reason.TIMESTAMP_DIFFERS, "412 UpdateConditionNotSatisfied",
            Reason.TOO_MANY_PROPERTIES, "400 TooManyProperties",
            Reason.ENTITY_TOO_LARGE, "400 EntityTooLarge");
    assertThat(codes).containsOnlyKeys(Reason.values());
    codes.forEach(
        (reason, expected) -> {
          TableErrorCode code = StorageErrors.of(reason);
          assertThat(code.status() + " " + code.code()).as(reason.name()).isEqualTo(expected);
        });
  }

  private static void assertError(Kind kind, int status, String code, String message) {
    TableException error = StorageErrors.of(new StorageException(kind, "for the log"));
    assertThat(error.code().status()).as(kind.name()).isEqualTo(status);
    assertThat(error.code().code()).as(kind.name()).isEqualTo(code);
    assertThat(error.getMessage()).as(kind.name()).isEqualTo(message);
  }
}
