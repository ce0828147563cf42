package dev.tabula.engine;

import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One page of a scan.
 *
 * @param entities the entities kept by the filter, in key order
 * @param resumeKey the next key to read (continue with {@link KeyRange#resumeAt}), or null when the
 *     range is exhausted
 * @param stopReason why the page ended
 * @param scanned how many entities were read, including those the filter rejected
 * @param keptBytes the size of the entities kept, as counted against {@link ScanRequest#maxBytes}
 *     (0 when the scan had no byte bound)
 */
public record Page(
    List<Entity> entities,
    @Nullable EntityKey resumeKey,
    StopReason stopReason,
    long scanned,
    long keptBytes) {
  /** A page whose bytes were not counted. */
  public Page(
      List<Entity> entities, @Nullable EntityKey resumeKey, StopReason stopReason, long scanned) {
    this(entities, resumeKey, stopReason, scanned, 0);
  }

  public Page {
    entities = Collections.unmodifiableList(entities);
    Objects.requireNonNull(stopReason, "stopReason");
    if ((resumeKey == null) != (stopReason == StopReason.SOURCE_EXHAUSTED)) {
      throw new IllegalArgumentException("a resume key exactly when the source is not exhausted");
    }
  }
}
