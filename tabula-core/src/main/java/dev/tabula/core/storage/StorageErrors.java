package dev.tabula.core.storage;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.Stages;
import dev.tabula.engine.StorageException;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * The one place where what an engine reports in its own words becomes the service's error: a
 * storage outcome ({@link StorageException.Kind}) and the reason a write could not apply ({@link
 * ApplyResult.Rejected.Reason}). Engines know nothing of HTTP statuses or the service's codes;
 * core's services reach them through the Translating* wrappers of this package, which throw these
 * errors instead. Stateless.
 */
public final class StorageErrors {
  /**
   * The text of the 503 for a write refused while the RocksDB engine's disk is full: ServerBusy
   * makes the SDKs retry, and the text tells an operator reading the client's error why (README,
   * docs/robustness.md).
   */
  static final String OUT_OF_SPACE_MESSAGE =
      "The server is out of disk space and cannot store writes; reads"
          + " still work. Please retry your request once disk space has been freed.";

  private StorageErrors() {}

  /**
   * The service's error for a storage outcome: 503 ServerBusy when nothing was done and a retry may
   * succeed (the SDKs retry it), 500 OperationTimedOut when a write may or may not have been
   * applied (the service's own answer for an outcome the caller cannot know), 404 TableNotFound for
   * a table deleted meanwhile.
   */
  public static TableException of(StorageException failure) {
    return switch (failure.kind()) {
      case UNAVAILABLE -> TableErrorCode.SERVER_BUSY.exception();
      case OUT_OF_SPACE -> TableErrorCode.SERVER_BUSY.exception(OUT_OF_SPACE_MESSAGE);
      case OUTCOME_UNKNOWN -> TableErrorCode.OPERATION_TIMED_OUT.exception();
      case NO_SUCH_TABLE -> TableErrorCode.TABLE_NOT_FOUND.exception();
    };
  }

  /** The service's error code for a write that could not apply. */
  public static TableErrorCode of(ApplyResult.Rejected.Reason reason) {
    return switch (reason) {
      case ENTITY_EXISTS -> TableErrorCode.ENTITY_ALREADY_EXISTS;
      // The service answers 404 ResourceNotFound (not EntityNotFound) for a missing entity.
      case ENTITY_MISSING -> TableErrorCode.RESOURCE_NOT_FOUND;
      case TIMESTAMP_DIFFERS -> TableErrorCode.UPDATE_CONDITION_NOT_SATISFIED;
      case TOO_MANY_PROPERTIES -> TableErrorCode.TOO_MANY_PROPERTIES;
      case ENTITY_TOO_LARGE -> TableErrorCode.ENTITY_TOO_LARGE;
    };
  }

  /** The service's error for a rejected write, with the code's default message. */
  public static TableException of(ApplyResult.Rejected rejected) {
    return of(rejected.reason()).exception();
  }

  /**
   * What a stage that failed with {@code failure} should fail with instead: the service's error if
   * a storage outcome is inside, else the failure as it was.
   */
  /** {@code call}'s result, or its storage outcome thrown as the service's error. */
  static <T> T translating(Supplier<T> call) {
    try {
      return call.get();
    } catch (StorageException e) {
      throw of(e);
    }
  }

  static CompletionException inStage(Throwable failure) {
    if (Stages.unwrap(failure) instanceof StorageException storage) {
      return new CompletionException(of(storage));
    }
    return failure instanceof CompletionException wrapped
        ? wrapped
        : new CompletionException(failure);
  }
}
