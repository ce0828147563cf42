package dev.tabula.engine;

import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * One page of a scan.
 *
 * @param entities the entities kept by the filter, in key order
 * @param resumeKey the next key to read (continue with {@link KeyRange#resumeAt}), or null when
 *     the range is exhausted
 * @param stopReason why the page ended
 * @param scanned how many entities were read, including those the filter rejected
 */
public record Page(List<Entity> entities, EntityKey resumeKey, StopReason stopReason, long scanned) {
  public Page {
    entities = Collections.unmodifiableList(entities);
    Objects.requireNonNull(stopReason, "stopReason");
    if ((resumeKey == null) != (stopReason == StopReason.SOURCE_EXHAUSTED)) {
      throw new IllegalArgumentException("a resume key exactly when the source is not exhausted");
    }
  }
}
