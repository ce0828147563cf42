package dev.tabula.core;

import dev.tabula.core.storage.TranslatingCatalog;
import dev.tabula.engine.Catalog;
import dev.tabula.engine.ChangeFeed;
import dev.tabula.engine.FeedPage;
import dev.tabula.engine.TableInfo;
import dev.tabula.model.TableErrorCode;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * Tables' change feeds for readers (docs/extensions.md, "Change feed"): pages read after a {@link
 * FeedToken}, and a wait for the next change that holds no thread. Thread-safe.
 */
public final class ChangeFeedService {
  /** The most groups a page holds. */
  public static final int MAX_GROUPS = 1000;

  /** About the most bytes of entities a page holds (at least one group, however large). */
  public static final long MAX_BYTES = 4L * 1024 * 1024;

  private final Catalog catalog;
  private final @Nullable ChangeFeed feed;

  /**
   * Where a long poll reads again once woken: not the engine's thread that woke it (a RocksDB
   * commit lane) nor a network thread, since a read may wait on a file. Two threads at most, gone
   * when idle.
   */
  private final ThreadPoolExecutor readers =
      new ThreadPoolExecutor(
          2,
          2,
          30,
          TimeUnit.SECONDS,
          new LinkedBlockingQueue<>(),
          runnable -> {
            Thread thread = new Thread(runnable, "tabula-feed-reader");
            thread.setDaemon(true);
            return thread;
          });

  /**
   * @param feed the engine's change feeds, or null when it has none (every read is then 501)
   */
  public ChangeFeedService(Catalog catalog, @Nullable ChangeFeed feed) {
    this.catalog = TranslatingCatalog.of(catalog);
    this.feed = feed;
    readers.allowCoreThreadTimeOut(true);
  }

  /**
   * The changes of {@code table} after {@code after} (null: from the oldest retained one).
   *
   * @throws dev.tabula.model.TableException 501 NotImplemented without an engine feed; 404
   *     TableNotFound for a missing table without a token; 404 ResourceNotFound for a table without
   *     a feed, or for a token that was already told its table was deleted; 410
   *     ChangeFeedPositionExpired when changes after the token outlived the retention
   */
  public FeedRead read(String account, String table, @Nullable FeedToken after, int limit) {
    ChangeFeed changes = engineFeed();
    Optional<TableInfo> found = catalog.findTable(account, table);
    if (after != null && (found.isEmpty() || found.get().id() != after.tableId())) {
      if (after.ended()) {
        throw TableErrorCode.RESOURCE_NOT_FOUND.exception(
            "The table this change feed followed was deleted.");
      }
      return new FeedRead(List.of(), new FeedToken(after.tableId(), after.position(), true), true);
    }
    TableInfo info = found.orElseThrow(TableErrorCode.TABLE_NOT_FOUND::exception);
    if (!info.settings().hasChangeFeed()) {
      throw TableErrorCode.RESOURCE_NOT_FOUND.exception("The table has no change feed.");
    }
    long position = after == null ? ChangeFeed.OLDEST : after.position();
    FeedPage page =
        changes.read(info, position, Math.max(1, Math.min(limit, MAX_GROUPS)), MAX_BYTES);
    if (page.expired()) {
      throw TableErrorCode.CHANGE_FEED_POSITION_EXPIRED.exception();
    }
    List<FeedGroup> groups =
        page.groups().stream().map(group -> FeedGroup.of(info.id(), group)).toList();
    return new FeedRead(groups, new FeedToken(info.id(), page.next(), false), false);
  }

  /**
   * A stage that completes once a change after {@code read} may be there, the table is deleted, or
   * {@code timeout} passes, whichever is first; it never completes exceptionally and holds no
   * thread meanwhile. Read again when it completes.
   */
  public CompletableFuture<Void> awaitAfter(FeedRead read, Duration timeout) {
    CompletableFuture<Void> change =
        engineFeed().awaitAfter(read.next().tableId(), read.next().position());
    CompletableFuture<Void> done = new CompletableFuture<>();
    change.whenComplete((ignored, failure) -> done.complete(null));
    done.completeOnTimeout(null, timeout.toMillis(), TimeUnit.MILLISECONDS);
    done.whenComplete((ignored, failure) -> change.cancel(false)); // forgets the waiter
    return done;
  }

  /**
   * A long poll after an empty page: the next page once a change may be there ({@link
   * #awaitAfter}), read on a thread of this service; empty again when {@code timeout} passed first.
   */
  public CompletableFuture<FeedRead> readWhenChanged(
      String account, String table, FeedRead empty, Duration timeout, int limit) {
    return awaitAfter(empty, timeout)
        .thenApplyAsync(changed -> read(account, table, empty.next(), limit), readers);
  }

  private ChangeFeed engineFeed() {
    if (feed == null) {
      throw TableErrorCode.NOT_IMPLEMENTED.exception(
          "This server's storage engine keeps no change feed (it lacks the CHANGE_FEED"
              + " capability); see docs/extensions.md.");
    }
    return feed;
  }
}
