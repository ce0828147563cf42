package dev.tabula.core;

import dev.tabula.engine.Precondition;
import dev.tabula.model.ETag;
import java.time.Instant;
import java.util.Objects;

/**
 * The {@code If-Match} condition of a write: any version ({@code *}), one ETag, or a foreign one.
 */
public sealed interface IfMatch {

  /** The engine precondition this condition becomes. */
  Precondition precondition();

  /** {@code If-Match: *}: the entity must exist, in any version. */
  record Any() implements IfMatch {
    @Override
    public Precondition precondition() {
      return Precondition.MUST_EXIST;
    }
  }

  /** {@code If-Match: <etag>}: the entity must exist in exactly this version. */
  record Exact(ETag etag) implements IfMatch {
    public Exact {
      Objects.requireNonNull(etag, "etag");
    }

    @Override
    public Precondition precondition() {
      return new Precondition.TimestampEquals(etag.timestamp());
    }
  }

  /**
   * {@code If-Match} with a well-formed weak ETag this service never issued ({@code W/"wrong"},
   * lower-case {@code w/"…"}): it names no version, so it matches none. The service answers such a
   * value as a stale ETag, 412 UpdateConditionNotSatisfied (404 ResourceNotFound when there is no
   * entity), not 400 (Azurite issue 1229: "Azure and Storage Emulator return 412 for this etag";
   * Azurite's tests/table/apis/table.entity.issues.test.ts takes both cases of "W/").
   */
  record Unmatchable() implements IfMatch {
    /** No commit time is {@link Instant#MIN}, so no stored version equals it. */
    private static final Precondition NO_VERSION = new Precondition.TimestampEquals(Instant.MIN);

    @Override
    public Precondition precondition() {
      return NO_VERSION;
    }
  }

  /** Shared instance of {@link Unmatchable}. */
  IfMatch UNMATCHABLE = new Unmatchable();

  /** Shared instance of {@link Any}. */
  IfMatch ANY = new Any();
}
