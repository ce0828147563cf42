package dev.tabula.engine.rocksdb;

import dev.tabula.engine.KeyRange;
import dev.tabula.engine.Page;
import dev.tabula.engine.RowFilter;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.StopReason;
import dev.tabula.model.Entity;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;

/**
 * One page of a scan. The page reads one RocksDB iterator, which sees the database as of its
 * creation (an implicit snapshot), and a write batch becomes visible all at once, so a page never
 * shows half a batch. The range's upper bound is the iterator's upper bound, so RocksDB stops at it
 * without reading past.
 */
final class RocksScan {
  private RocksScan() {}

  static Page page(RocksDatabase database, long tableId, ScanRequest request)
      throws RocksDBException {
    KeyRange range = request.range();
    byte[] lower =
        range.lower() == null
            ? RocksKeys.tablePrefix(tableId)
            : RocksKeys.bound(tableId, range.lower());
    byte[] upper =
        range.upper() == null
            ? RocksKeys.entitiesEnd(tableId) // not into the table's indexes or change feed
            : RocksKeys.bound(tableId, range.upper());
    if (Arrays.compareUnsigned(lower, upper) >= 0) {
      return new Page(List.of(), null, StopReason.SOURCE_EXHAUSTED, 0);
    }
    try (Slice upperSlice = new Slice(upper);
        ReadOptions options = new ReadOptions().setIterateUpperBound(upperSlice);
        RocksIterator it = database.db.newIterator(database.entities, options)) {
      it.seek(lower);
      return collect(it, request);
    }
  }

  /**
   * Reads rows until the page is full, the deadline passes or the range ends. Each row is shown to
   * the filter as a {@link RocksRow}, which decodes only what the filter reads; the entity is built
   * only for the rows kept.
   */
  private static Page collect(RocksIterator it, ScanRequest request) throws RocksDBException {
    List<Entity> kept = new ArrayList<>();
    RowFilter filter = request.filter();
    RocksRow row = new RocksRow(filter.properties());
    long scanned = 0;
    long keptBytes = 0;
    for (; it.isValid(); it.next()) {
      // Checked before reading the next entity, so a full last page ends as exhausted.
      if (request.full(kept.size(), keptBytes)) {
        return new Page(
            kept, RocksKeys.decode(it.key()), StopReason.RETURN_LIMIT_REACHED, scanned, keptBytes);
      }
      if (System.nanoTime() - request.deadlineNanos() >= 0) {
        return new Page(
            kept, RocksKeys.decode(it.key()), StopReason.TIME_LIMIT_REACHED, scanned, keptBytes);
      }
      byte[] value = it.value();
      row.reset(it.key(), value);
      scanned++;
      if (filter.test(row)) {
        kept.add(row.entity());
        keptBytes += 2L * value.length; // see ScanRequest#maxBytes
      }
    }
    it.status(); // an I/O error ends iteration like the end of data; tell them apart
    return new Page(kept, null, StopReason.SOURCE_EXHAUSTED, scanned, keptBytes);
  }
}
