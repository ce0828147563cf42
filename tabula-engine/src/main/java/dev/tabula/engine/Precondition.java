package dev.tabula.engine;

import java.time.Instant;
import java.util.Objects;

/** What must hold of the stored entity for a {@link Write} to apply. */
public sealed interface Precondition {

  /** No condition: an upsert, or an unconditional delete of an existing entity. */
  record None() implements Precondition {}

  /** The entity must not exist (insert). */
  record MustNotExist() implements Precondition {}

  /** The entity must exist, in any version ({@code If-Match: *}). */
  record MustExist() implements Precondition {}

  /** The entity must exist with exactly this Timestamp (its ETag). */
  record TimestampEquals(Instant timestamp) implements Precondition {
    public TimestampEquals {
      Objects.requireNonNull(timestamp, "timestamp");
    }
  }

  /**
   * The stored entity must be expired ({@link dev.tabula.model.Expiry}) and still carry exactly
   * this Timestamp: the time-to-live reclaimer's delete, which so never removes an entity that is
   * live or was rewritten since the reclaimer saw it expired (a rewrite gets a new Timestamp).
   * Unlike every other precondition it looks at the expired entity itself, which all others treat
   * as absent.
   */
  record ExpiredAt(Instant timestamp) implements Precondition {
    public ExpiredAt {
      Objects.requireNonNull(timestamp, "timestamp");
    }
  }

  /** Shared instance of {@link None}. */
  Precondition NONE = new None();

  /** Shared instance of {@link MustNotExist}. */
  Precondition MUST_NOT_EXIST = new MustNotExist();

  /** Shared instance of {@link MustExist}. */
  Precondition MUST_EXIST = new MustExist();
}
