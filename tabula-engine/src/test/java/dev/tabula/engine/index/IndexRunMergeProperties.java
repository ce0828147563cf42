package dev.tabula.engine.index;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.EntityKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.jspecify.annotations.Nullable;

/**
 * {@link IndexRunMerge} returns the keys of all runs in the service's order, and a merge stopped
 * after any key and restarted on runs sought to the next key returns the rest: paging through an
 * index equals the scan's paging.
 *
 * <p>Broken once: the heap ordered by RowKey first failed both properties.
 */
class IndexRunMergeProperties {

  @Property
  void returnsEveryKey_inKeyOrder(@ForAll("runs") List<List<EntityKey>> runs) {
    assertThat(drain(new IndexRunMerge(cursors(runs, null)), Integer.MAX_VALUE))
        .containsExactlyElementsOf(union(runs));
  }

  @Property
  void stoppedAndResumed_returnsTheSameKeys(
      @ForAll("runs") List<List<EntityKey>> runs, @ForAll @IntRange(min = 1, max = 7) int page) {
    List<EntityKey> paged = new ArrayList<>();
    EntityKey resume = null;
    while (true) {
      List<EntityKey> keys = drain(new IndexRunMerge(cursors(runs, resume)), page);
      paged.addAll(keys);
      if (keys.size() < page) {
        break;
      }
      EntityKey last = keys.get(keys.size() - 1);
      resume = new EntityKey(last.partitionKey(), last.rowKey() + "\u0000"); // the next key
    }
    assertThat(paged).containsExactlyElementsOf(union(runs));
  }

  private static List<EntityKey> drain(IndexRunMerge merge, int limit) {
    List<EntityKey> out = new ArrayList<>();
    for (EntityKey key = out.size() < limit ? merge.next() : null;
        key != null;
        key = out.size() < limit ? merge.next() : null) {
      out.add(key);
    }
    return out;
  }

  private static List<EntityKey> union(List<List<EntityKey>> runs) {
    Set<EntityKey> all = new TreeSet<>();
    runs.forEach(all::addAll);
    return new ArrayList<>(all);
  }

  /**
   * Each run as a cursor sought to {@code from} (null: its start), as an engine seeks its iterator.
   */
  private static List<IndexRunMerge.Run> cursors(
      List<List<EntityKey>> runs, @Nullable EntityKey from) {
    List<IndexRunMerge.Run> cursors = new ArrayList<>();
    for (List<EntityKey> run : runs) {
      List<EntityKey> rest =
          from == null ? run : run.stream().filter(k -> k.compareTo(from) >= 0).toList();
      cursors.add(new ListRun(rest));
    }
    return cursors;
  }

  private static final class ListRun implements IndexRunMerge.Run {
    private final List<EntityKey> keys;
    private int position;

    ListRun(List<EntityKey> keys) {
      this.keys = keys;
    }

    @Override
    public @Nullable EntityKey current() {
      return position < keys.size() ? keys.get(position) : null;
    }

    @Override
    public void advance() {
      position++;
    }
  }

  /** Runs of distinct keys (an entity has one entry per index), each sorted. */
  @Provide
  Arbitrary<List<List<EntityKey>>> runs() {
    Arbitrary<EntityKey> keys =
        Arbitraries.of("", "a", "b", "\uFFFF", "\uD83D\uDE00")
            .tuple2()
            .map(t -> new EntityKey(t.get1(), t.get2()));
    return keys.set()
        .ofMaxSize(25)
        .flatMap(
            all ->
                Arbitraries.integers()
                    .between(0, 5)
                    .list()
                    .ofSize(all.size())
                    .map(owners -> split(new ArrayList<>(all), owners)));
  }

  private static List<List<EntityKey>> split(List<EntityKey> all, List<Integer> owners) {
    List<List<EntityKey>> runs = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      runs.add(new ArrayList<>());
    }
    for (int i = 0; i < all.size(); i++) {
      runs.get(owners.get(i)).add(all.get(i));
    }
    runs.forEach(run -> run.sort(null));
    return runs;
  }
}
