package dev.tabula.engine;

import dev.tabula.model.Entity;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** The outcome of {@link EntityStore#applyAsync}: everything committed, or nothing and why. */
public sealed interface ApplyResult {

  /**
   * All writes committed at one commit time.
   *
   * @param entities per write, in order: the entity as now stored, or null for a delete
   */
  record Committed(Instant commitTime, List<@Nullable Entity> entities) implements ApplyResult {
    public Committed {
      Objects.requireNonNull(commitTime, "commitTime");
      entities = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(entities));
    }
  }

  /**
   * Nothing was written because write {@code index} (0-based) could not apply, for {@code reason}.
   */
  record Rejected(int index, Reason reason) implements ApplyResult {
    public Rejected {
      Objects.requireNonNull(reason, "reason");
    }

    /** Why a write could not apply; core says each to clients as the service's error. */
    public enum Reason {
      /** {@link Precondition.MustNotExist} found an entity. */
      ENTITY_EXISTS,
      /**
       * A delete, {@link Precondition.MustExist} or {@link Precondition.TimestampEquals} found
       * none.
       */
      ENTITY_MISSING,
      /** {@link Precondition.TimestampEquals} found an entity with another Timestamp. */
      TIMESTAMP_DIFFERS,
      /** The entity the write would store has more custom properties than an entity may. */
      TOO_MANY_PROPERTIES,
      /** The entity the write would store is larger than an entity may be. */
      ENTITY_TOO_LARGE
    }
  }
}
