package dev.tabula.engine.index;

import dev.tabula.model.EntityKey;
import java.util.List;
import java.util.PriorityQueue;
import org.jspecify.annotations.Nullable;

/**
 * The entity keys of several index runs in the service's order (PartitionKey, then RowKey), as a
 * secondary-index read returns them (docs/design/secondary-indexes.md, "The hard part"). Each run
 * is the entries of one indexed value, already in key order; the merge keeps one key per run in a
 * heap, so it holds as many keys as there are runs whatever their length, and it can stop after any
 * key: what it has returned is a prefix of the merged order, and a later read resumes by seeking
 * every run to the next key. Not thread-safe.
 */
public final class IndexRunMerge {
  /** One run: its entries' entity keys in key order. */
  public interface Run {
    /** The run's current key, or null when the run is exhausted. */
    @Nullable EntityKey current();

    /** Moves to the run's next key. */
    void advance();
  }

  private final PriorityQueue<Run> heap;

  /** Merges {@code runs}, each positioned at its first key to return. */
  public IndexRunMerge(List<? extends Run> runs) {
    heap =
        new PriorityQueue<>(
            Math.max(1, runs.size()), (a, b) -> currentOf(a).compareTo(currentOf(b)));
    for (Run run : runs) {
      if (run.current() != null) {
        heap.add(run);
      }
    }
  }

  /** The next key in the merged order, or null when every run is exhausted. */
  public @Nullable EntityKey next() {
    Run run = heap.poll();
    if (run == null) {
      return null;
    }
    EntityKey key = currentOf(run);
    run.advance();
    if (run.current() != null) {
      heap.add(run);
    }
    return key;
  }

  private static EntityKey currentOf(Run run) {
    EntityKey key = run.current();
    if (key == null) {
      throw new IllegalStateException("an exhausted run in the merge");
    }
    return key;
  }
}
