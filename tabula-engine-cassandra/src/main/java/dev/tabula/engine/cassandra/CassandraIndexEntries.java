package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.tabula.engine.codec.IndexValueCodec;
import dev.tabula.engine.index.IndexEntries;
import dev.tabula.engine.index.IndexRead;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The secondary-index entries in the {@code index_entries} table, one Cassandra partition per
 * (table, index), clustered by the entry's bytes. An entity's own partition is a different
 * Cassandra partition, so no lightweight transaction covers both (docs/design/secondary-indexes.md,
 * "Cassandra: written ahead, checked on read"): entries are plain writes, an entity's new entries
 * written before its batch and its old ones deleted after it, and a read re-checks every entity it
 * reads against the query ({@link IndexRead}).
 *
 * <p>Every write here carries an explicit timestamp in commit-time ticks (the commit that put or
 * removed the entry, or for a build and a drop a time from the same commit clock), never the
 * driver's: a delete that arrives late (writer A removing value X's entry after its commit) then
 * loses to a put of the same entry by a later commit (writer B setting X again), instead of
 * removing an entry that B's entity needs. Commit times of one row strictly increase, so such a put
 * and delete never tie.
 *
 * <p>Cassandra refuses a clustering key over 64 KiB, and an entry of a long Binary or non-ASCII
 * String value can exceed it (the form escapes, the key follows). Such an entity gets a marker
 * instead, {@code 0x00 | key bytes} ({@link #MAX_ENTRY_BYTES}): markers sort before every form
 * (tags start at 1), so no read range ever meets one, and a read of an index holding any marker
 * declines ({@link #hasOversized}), so that the query scans and answers exactly. Markers follow
 * writes as entries do. Thread-safe.
 */
final class CassandraIndexEntries {
  private static final Logger LOG = LoggerFactory.getLogger(CassandraIndexEntries.class);

  /** Entries a cursor fetches at once: each value's run reads only about a page of them. */
  static final int CURSOR_FETCH = 64;

  /** The longest entry stored as it is; Cassandra's limit for clustering keys is 65,535 bytes. */
  static final int MAX_ENTRY_BYTES = 65_000;

  /** Writes sent at once by one apply: a batch of 100 entities on 8 indexes is 800 puts. */
  private static final int IN_FLIGHT = 32;

  private static final ByteBuffer MARKERS_FROM = ByteBuffer.wrap(new byte[0]);
  private static final ByteBuffer MARKERS_TO = ByteBuffer.wrap(new byte[] {0x01});

  private final CqlSession session;
  private final PreparedStatement put;
  private final PreparedStatement delete;
  private final PreparedStatement dropIndex;
  private final PreparedStatement from;
  private final PreparedStatement after;
  private final PreparedStatement marker;

  CassandraIndexEntries(CqlSession session, String keyspace) {
    this.session = session;
    String table = keyspace + ".index_entries";
    String partition = " WHERE table_id = ? AND index_id = ?";
    this.put =
        session.prepare(
            "INSERT INTO "
                + table
                + " (table_id, index_id, entry) VALUES (?, ?, ?) USING TIMESTAMP ?");
    this.delete =
        session.prepare(
            "DELETE FROM " + table + " USING TIMESTAMP ?" + partition + " AND entry = ?");
    this.dropIndex = session.prepare("DELETE FROM " + table + " USING TIMESTAMP ?" + partition);
    String select = "SELECT entry FROM " + table + partition;
    this.from = session.prepare(select + " AND entry >= ? LIMIT " + CURSOR_FETCH);
    this.after = session.prepare(select + " AND entry > ? LIMIT " + CURSOR_FETCH);
    this.marker = session.prepare(select + " AND entry >= ? AND entry < ? LIMIT 1");
  }

  /**
   * Writes the entries of {@code updates} that are puts, all at {@code ticks}, and returns when
   * every one is written; the first failure is thrown (as the driver's exception).
   */
  void putAll(long tableId, List<IndexEntries.Update> updates, long ticks) {
    List<BoundStatement> writes = new ArrayList<>();
    for (Stored entry : stored(updates, true)) {
      writes.add(put.bind(tableId, entry.indexId, entry.bytes, ticks));
    }
    executeAll(writes);
  }

  /**
   * Deletes the entries of {@code updates} that are deletions, at {@code ticks}; a marker the same
   * updates put again (a long value replaced by another) stays. A failure leaves a stale entry,
   * which reads skip (the entity no longer matches), so it is logged, not thrown: the commit it
   * follows has been applied.
   */
  void deleteAllQuietly(long tableId, List<IndexEntries.Update> updates, long ticks) {
    List<Stored> puts = stored(updates, true);
    List<BoundStatement> deletes = new ArrayList<>();
    for (Stored entry : stored(updates, false)) {
      if (!puts.contains(entry)) {
        deletes.add(delete.bind(ticks, tableId, entry.indexId, entry.bytes));
      }
    }
    try {
      executeAll(deletes);
    } catch (DriverException e) {
      LOG.debug("stale index entries left in table {}: {}", tableId, e.toString());
    }
  }

  /** Puts one entry (a build's), at {@code ticks}. */
  void put(long tableId, int indexId, byte[] entry, long ticks) {
    session.execute(put.bind(tableId, indexId, stored(entry), ticks).setIdempotent(true));
  }

  /** Whether the index holds a marker of an entry too long to store: then reads must decline. */
  boolean hasOversized(long tableId, int indexId) {
    return session
            .execute(marker.bind(tableId, indexId, MARKERS_FROM, MARKERS_TO).setIdempotent(true))
            .one()
        != null;
  }

  /** The bytes stored for an entry: itself, or its marker when it is too long. */
  static ByteBuffer stored(byte[] entry) {
    if (entry.length <= MAX_ENTRY_BYTES) {
      return ByteBuffer.wrap(entry);
    }
    // An entry is form | key bytes (IndexEntryCodec), so the key bytes are what follows the form.
    int formLength = IndexValueCodec.formLength(entry);
    byte[] marker = new byte[entry.length - formLength + 1]; // marker[0] = 0x00
    System.arraycopy(entry, formLength, marker, 1, entry.length - formLength);
    return ByteBuffer.wrap(marker);
  }

  /** The puts ({@code puts}) or the deletions of {@code updates}, as stored. */
  private static List<Stored> stored(List<IndexEntries.Update> updates, boolean puts) {
    List<Stored> out = new ArrayList<>();
    for (IndexEntries.Update update : updates) {
      if (update.put() == puts) {
        out.add(new Stored(update.indexId(), stored(update.entry())));
      }
    }
    return out;
  }

  /** Runs idempotent writes, {@link #IN_FLIGHT} at a time; the first failure is thrown. */
  private void executeAll(List<BoundStatement> statements) {
    for (int from = 0; from < statements.size(); from += IN_FLIGHT) {
      List<CompletableFuture<?>> wave = new ArrayList<>();
      for (BoundStatement statement :
          statements.subList(from, Math.min(statements.size(), from + IN_FLIGHT))) {
        wave.add(async(session.executeAsync(statement.setIdempotent(true))));
      }
      join(wave);
    }
  }

  /** An entry as stored, in its index. */
  private record Stored(int indexId, ByteBuffer bytes) {}

  /** Deletes every entry of an index (one partition tombstone) written before {@code ticks}. */
  void drop(long tableId, int indexId, long ticks) {
    session.execute(dropIndex.bind(ticks, tableId, indexId).setIdempotent(true));
  }

  /** A cursor over one index's entries, as {@link IndexRead} reads them. */
  IndexRead.Cursor cursor(long tableId, int indexId) {
    return new Cursor(tableId, indexId);
  }

  private static CompletableFuture<?> async(CompletionStage<?> stage) {
    return stage.toCompletableFuture();
  }

  private static void join(List<CompletableFuture<?>> stages) {
    try {
      CompletableFuture.allOf(stages.toArray(CompletableFuture[]::new)).join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof DriverException driver) {
        throw driver;
      }
      throw e;
    }
  }

  /**
   * Pages through one index partition: a seek is a new query from the target, and {@link #next}
   * moves within the fetched page, fetching the entries after the last one when it runs out. Holds
   * one page of at most {@link #CURSOR_FETCH} entries.
   */
  private final class Cursor implements IndexRead.Cursor {
    private final long tableId;
    private final int indexId;
    private List<byte[]> page = List.of();
    private int position;
    private boolean lastPage = true;

    Cursor(long tableId, int indexId) {
      this.tableId = tableId;
      this.indexId = indexId;
    }

    @Override
    public void seek(byte[] target) {
      fetch(from, target);
    }

    @Override
    public byte @Nullable [] entry() {
      return position < page.size() ? page.get(position) : null;
    }

    @Override
    public void next() {
      if (position >= page.size()) {
        return;
      }
      position++;
      if (position == page.size() && !lastPage) {
        fetch(after, page.get(page.size() - 1));
      }
    }

    private void fetch(PreparedStatement query, byte[] bound) {
      List<byte[]> fetched = new ArrayList<>(CURSOR_FETCH);
      for (Row row :
          session.execute(
              query.bind(tableId, indexId, ByteBuffer.wrap(bound)).setIdempotent(true))) {
        fetched.add(CassandraRows.bytes(row.getByteBuffer(0)));
      }
      page = fetched;
      position = 0;
      lastPage = fetched.size() < CURSOR_FETCH;
    }

    @Override
    public void close() {
      page = List.of(); // nothing held on the cluster between fetches
    }
  }
}
