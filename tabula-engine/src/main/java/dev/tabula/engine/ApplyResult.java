package dev.tabula.engine;

import dev.tabula.model.Entity;
import dev.tabula.model.TableErrorCode;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/** The outcome of {@link EntityStore#applyAsync}: everything committed, or nothing and why. */
public sealed interface ApplyResult {

  /**
   * All writes committed at one commit time.
   *
   * @param entities per write, in order: the entity as now stored, or null for a delete
   */
  record Committed(Instant commitTime, List<Entity> entities) implements ApplyResult {
    public Committed {
      Objects.requireNonNull(commitTime, "commitTime");
      entities = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(entities));
    }
  }

  /**
   * Nothing was written because write {@code index} (0-based) could not apply.
   *
   * @param code {@code ENTITY_ALREADY_EXISTS} (must not exist), {@code RESOURCE_NOT_FOUND} (must
   *     exist), {@code UPDATE_CONDITION_NOT_SATISFIED} (timestamp differs), or a limit that the
   *     merged entity broke ({@code TOO_MANY_PROPERTIES}, {@code ENTITY_TOO_LARGE})
   */
  record Rejected(int index, TableErrorCode code) implements ApplyResult {
    public Rejected {
      Objects.requireNonNull(code, "code");
    }
  }
}
