package dev.tabula.tools.client;

import org.jspecify.annotations.Nullable;

/**
 * What became of an entity group transaction: all of it was applied, or none of it, because of the
 * operation at {@link #failedIndex()} (or of the whole request when that is -1).
 *
 * @param applied whether every operation was applied
 * @param failedIndex the 0-based index of the operation the service refused, or -1 when it refused
 *     the request as a whole or named no operation
 * @param status the refusal's HTTP status (202 when applied)
 * @param code the refusal's error code, or null
 * @param message the refusal's message (first line, without the index prefix), or null
 * @param attempts how many times the request was sent: more than one after a busy answer or a lost
 *     connection, when an earlier attempt may have been applied (an insert then meets its own
 *     entity: EntityAlreadyExists)
 */
public record BatchOutcome(
    boolean applied,
    int failedIndex,
    int status,
    @Nullable String code,
    @Nullable String message,
    int attempts) {

  /** Every operation applied, at the given attempt. */
  public static BatchOutcome success(int attempts) {
    return new BatchOutcome(true, -1, 202, null, null, attempts);
  }
}
