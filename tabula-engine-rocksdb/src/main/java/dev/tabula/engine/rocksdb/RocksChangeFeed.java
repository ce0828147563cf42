package dev.tabula.engine.rocksdb;

import dev.tabula.engine.ChangeFeed;
import dev.tabula.engine.ChangeGroup;
import dev.tabula.engine.FeedPage;
import dev.tabula.engine.FeedRetention;
import dev.tabula.engine.FeedWaiters;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.codec.ChangeGroupCodec;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;

/**
 * The RocksDB engine's change feeds: groups under each table's feed keys ({@link RocksKeys}),
 * stored by {@link RocksFeedWriter} in the commit round's batch. A read takes the {@link
 * RocksFeedSequencer}'s watermark first, then one iterator (one consistent view) bounded by it, so
 * it never passes a position a commit in flight could still fill; the retention mark and the groups
 * come from the same view.
 */
final class RocksChangeFeed implements ChangeFeed {
  private final RocksDatabase database;
  private final RocksLiveTables live;
  private final RocksFeedSequencer sequencer;
  private final FeedWaiters waiters;
  private final Clock wallClock;

  RocksChangeFeed(
      RocksDatabase database,
      RocksLiveTables live,
      RocksFeedSequencer sequencer,
      FeedWaiters waiters,
      Clock wallClock) {
    this.database = database;
    this.live = live;
    this.sequencer = sequencer;
    this.waiters = waiters;
    this.wallClock = wallClock;
  }

  @Override
  public FeedPage read(TableInfo table, long after, int limit, long maxBytes) {
    long watermark = sequencer.watermark(); // before the view: everything up to it is in it
    long cutoff = FeedRetention.cutoff(wallClock, table.settings().changeFeedRetention());
    if (!live.contains(table.id()) || after >= watermark) {
      return FeedPage.of(List.of(), after);
    }
    return database.use(() -> readUpTo(table.id(), after, watermark, limit, maxBytes, cutoff));
  }

  @Override
  public CompletableFuture<Void> awaitAfter(long tableId, long after) {
    return waiters.await(tableId, after);
  }

  private FeedPage readUpTo(
      long tableId, long after, long watermark, int limit, long maxBytes, long cutoff)
      throws RocksDBException {
    try (Slice upper = new Slice(RocksKeys.feedKey(tableId, watermark + 1));
        ReadOptions options = new ReadOptions().setIterateUpperBound(upper);
        RocksIterator it = database.db.newIterator(database.entities, options)) {
      it.seek(RocksKeys.feedMarkKey(tableId));
      long removedUpTo = OLDEST;
      if (it.isValid() && RocksKeys.feedPosition(it.key()) == 0) {
        removedUpTo = RocksCatalogRecords.decodeLong(it.value());
      }
      long start = after == OLDEST && cutoff > OLDEST ? cutoff - 1 : after; // skip the expired
      it.seek(RocksKeys.feedKey(tableId, start + 1));
      long firstAfter = it.isValid() ? RocksKeys.feedPosition(it.key()) : Long.MAX_VALUE;
      if (FeedRetention.lost(after, removedUpTo, firstAfter, cutoff)) {
        return FeedPage.expired(after);
      }
      List<ChangeGroup> groups = new ArrayList<>();
      long bytes = 0;
      for (; it.isValid() && groups.size() < limit && bytes < maxBytes; it.next()) {
        ChangeGroup group = ChangeGroupCodec.decode(RocksKeys.feedPosition(it.key()), it.value());
        groups.add(group);
        bytes += group.size();
      }
      it.status();
      return FeedPage.of(groups, after);
    }
  }
}
