package dev.tabula.engine.memory;

import dev.tabula.engine.ChangeFeed;
import dev.tabula.engine.FeedPage;
import dev.tabula.engine.FeedRetention;
import dev.tabula.engine.TableInfo;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** The memory engine's change feeds: one {@link MemoryFeed} per table, kept by its table. */
final class MemoryChangeFeed implements ChangeFeed {
  private final MemoryEntityStore store;

  MemoryChangeFeed(MemoryEntityStore store) {
    this.store = store;
  }

  @Override
  public FeedPage read(TableInfo table, long after, int limit, long maxBytes) {
    MemoryTable stored = store.table(table.id());
    if (stored == null) {
      return FeedPage.of(List.of(), after);
    }
    long cutoff = FeedRetention.cutoff(store.wallClock(), table.settings().changeFeedRetention());
    return stored.readFeed(after, limit, maxBytes, cutoff);
  }

  @Override
  public CompletableFuture<Void> awaitAfter(long tableId, long after) {
    return store.waiters().await(tableId, after);
  }
}
