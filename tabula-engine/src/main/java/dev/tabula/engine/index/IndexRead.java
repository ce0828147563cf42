package dev.tabula.engine.index;

import dev.tabula.engine.IndexPage;
import dev.tabula.engine.IndexRange;
import dev.tabula.engine.IndexScan;
import dev.tabula.engine.KeyRange;
import dev.tabula.engine.Page;
import dev.tabula.engine.RowFilter;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.StopReason;
import dev.tabula.engine.codec.IndexEntryCodec;
import dev.tabula.engine.codec.IndexValueCodec;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The read of {@link dev.tabula.engine.EntityStore#scanIndex}, the same for every engine that keeps
 * its entries as sorted bytes (docs/design/secondary-indexes.md, "The hard part"): the engine
 * supplies a cursor over one index's entries and point reads, both from one consistent view; this
 * class does the rest.
 *
 * <ol>
 *   <li>Counts the distinct values in the ranges, one seek per value, and declines above {@link
 *       #MAX_VALUES}.
 *   <li>Opens one cursor per value, at the value's first entry at or after the request's lower key
 *       bound, and merges them in key order ({@link IndexRunMerge}); a run ends at the upper bound.
 *   <li>Reads each key's entity and keeps it when the request's filter does (the filter decides;
 *       the index only narrows which entities are read). A key met twice (an entry left behind by
 *       an earlier value) is read once; a key without an entity is skipped. The keys come in key
 *       order, so those of one partition are next to each other: up to {@link #READ_AHEAD} of them
 *       (and no more than the page still has room for) are read together ({@link
 *       Source#readPartition}), which an engine without a snapshot answers with one read of the
 *       partition, so that the page sees each apply to that partition whole.
 *   <li>Stops as a scan does (limit, bytes, deadline), checked before reading the next key, which
 *       becomes the page's resume key.
 * </ol>
 *
 * <p>Memory: one key per value and the page's entities. Stateless.
 */
public final class IndexRead {
  /** The most distinct values a read merges: one cursor each. */
  public static final int MAX_VALUES = 64;

  /** The most keys of one partition read together. */
  static final int READ_AHEAD = 100;

  /** One index's entries and the table's entities, as one consistent view of the engine. */
  public interface Source {
    /** A new cursor over the index's entries, in unsigned byte order. */
    Cursor cursor();

    /** The entity of a key, or empty. */
    Optional<Entity> read(EntityKey key);

    /**
     * The entities of some row keys of one partition, by row key (a key without an entity is left
     * out). An engine whose {@link #read}s do not come from one snapshot answers with one read of
     * the partition, which sees each apply to it whole; this default reads each key.
     */
    default Map<String, Entity> readPartition(String partitionKey, List<String> rowKeys) {
      Map<String, Entity> found = new HashMap<>();
      for (String rowKey : rowKeys) {
        read(new EntityKey(partitionKey, rowKey)).ifPresent(e -> found.put(rowKey, e));
      }
      return found;
    }
  }

  /** A position among one index's entries. */
  public interface Cursor extends AutoCloseable {
    /** Moves to the first entry at or after {@code target}. */
    void seek(byte[] target);

    /** The entry here (its bytes within the index, read-only), or null past the last. */
    byte @Nullable [] entry();

    /** Moves to the next entry. */
    void next();

    @Override
    void close();
  }

  private IndexRead() {}

  /** Reads {@code scan} from {@code source} as the class describes. */
  public static IndexPage read(Source source, IndexScan scan) {
    List<byte[]> forms = new ArrayList<>();
    try (Cursor probe = source.cursor()) {
      for (IndexRange range : scan.ranges()) {
        if (!collectValues(probe, range, forms)) {
          return new IndexPage.Declined("more than " + MAX_VALUES + " values in range");
        }
      }
    }
    ScanRequest request = scan.request();
    KeyRange keys = request.range();
    byte[] from = keys.lower() == null ? new byte[0] : IndexEntryCodec.position(keys.lower());
    byte @Nullable [] to = keys.upper() == null ? null : IndexEntryCodec.position(keys.upper());
    List<ValueRun> runs = new ArrayList<>(forms.size());
    try {
      for (byte[] form : forms) {
        runs.add(new ValueRun(source.cursor(), form, from, to));
      }
      return new IndexPage.Read(merge(source, new IndexRunMerge(runs), request));
    } finally {
      runs.forEach(run -> run.cursor.close());
    }
  }

  /** Adds the forms of the values in {@code range}; false when they are more than allowed. */
  private static boolean collectValues(Cursor probe, IndexRange range, List<byte[]> forms) {
    byte[] to = range.to();
    probe.seek(range.from());
    for (byte[] entry = probe.entry();
        entry != null && Arrays.compareUnsigned(entry, to) < 0;
        entry = probe.entry()) {
      byte[] form = Arrays.copyOf(entry, IndexValueCodec.formLength(entry));
      forms.add(form);
      if (forms.size() > MAX_VALUES) {
        return false;
      }
      byte[] next = IndexValueCodec.successor(form);
      if (next == null) {
        return true;
      }
      probe.seek(next);
    }
    return true;
  }

  private static Page merge(Source source, IndexRunMerge merge, ScanRequest request) {
    List<Entity> kept = new ArrayList<>();
    long scanned = 0;
    long keptBytes = 0;
    Distinct keys = new Distinct(merge);
    while (keys.peek() != null) {
      List<EntityKey> run = keys.partitionRun(Math.min(READ_AHEAD, request.limit() - kept.size()));
      Map<String, Entity> entities =
          source.readPartition(
              run.get(0).partitionKey(), run.stream().map(EntityKey::rowKey).toList());
      for (EntityKey key : run) {
        if (request.full(kept.size(), keptBytes)) {
          return new Page(kept, key, StopReason.RETURN_LIMIT_REACHED, scanned, keptBytes);
        }
        if (System.nanoTime() - request.deadlineNanos() >= 0) {
          return new Page(kept, key, StopReason.TIME_LIMIT_REACHED, scanned, keptBytes);
        }
        scanned++;
        Entity entity = entities.get(key.rowKey());
        if (entity != null && request.filter().test(RowFilter.Row.of(entity))) {
          kept.add(entity);
          keptBytes += request.sizeOf(entity);
        }
      }
    }
    return new Page(kept, null, StopReason.SOURCE_EXHAUSTED, scanned, keptBytes);
  }

  /** The merged keys, each once (a key met twice is next to itself), with one key of look-ahead. */
  private static final class Distinct {
    private final IndexRunMerge merge;
    private @Nullable EntityKey next;

    Distinct(IndexRunMerge merge) {
      this.merge = merge;
      this.next = merge.next();
    }

    @Nullable EntityKey peek() {
      return next;
    }

    /** The next keys while they share a partition, at least one and at most {@code max}. */
    List<EntityKey> partitionRun(int max) {
      List<EntityKey> run = new ArrayList<>();
      String partitionKey = Objects.requireNonNull(next).partitionKey();
      while (next != null && next.partitionKey().equals(partitionKey) && run.size() < max) {
        run.add(next);
        EntityKey current = next;
        do {
          next = merge.next();
        } while (current.equals(next));
      }
      if (run.isEmpty()) {
        run.add(Objects.requireNonNull(next)); // max was 0: the page is full; it ends at this key
      }
      return run;
    }
  }

  /** The entries of one value within the key range, as a run of entity keys. */
  private static final class ValueRun implements IndexRunMerge.Run {
    private final Cursor cursor;
    private final byte[] form;
    private final byte @Nullable [] to;
    private @Nullable EntityKey current;

    ValueRun(Cursor cursor, byte[] form, byte[] from, byte @Nullable [] to) {
      this.cursor = cursor;
      this.form = form;
      this.to = to;
      byte[] start = Arrays.copyOf(form, form.length + from.length);
      System.arraycopy(from, 0, start, form.length, from.length);
      cursor.seek(start);
      current = decode();
    }

    @Override
    public @Nullable EntityKey current() {
      return current;
    }

    @Override
    public void advance() {
      cursor.next();
      current = decode();
    }

    private @Nullable EntityKey decode() {
      byte[] entry = cursor.entry();
      if (entry == null
          || entry.length <= form.length
          || Arrays.compareUnsigned(entry, 0, form.length, form, 0, form.length) != 0) {
        return null; // past this value's entries
      }
      if (to != null
          && Arrays.compareUnsigned(entry, form.length, entry.length, to, 0, to.length) >= 0) {
        return null; // past the key range
      }
      return IndexEntryCodec.keyAt(entry, form.length);
    }
  }
}
