package dev.tabula.engine;

import java.util.concurrent.CompletableFuture;

/**
 * The change feeds of an engine that declares {@link Capability#CHANGE_FEED}: per table whose
 * settings have a retention ({@link dev.tabula.model.TableSettings#hasChangeFeed()}), one {@link
 * ChangeGroup} per committed {@link EntityStore#applyAsync}, written in the same atomic step as the
 * entities, so a group exists exactly when its writes committed. Thread-safe.
 *
 * <p>Contract of {@link #read}, for a reader that always resumes after the {@link FeedPage#next} it
 * was last given:
 *
 * <ul>
 *   <li><b>Exactly once:</b> it is given every group committed while the table had a feed, once,
 *       unless the group outlived the retention first (then the page says {@link
 *       FeedPage#expired}). A group committed later never takes a position the reader has passed.
 *   <li><b>Order:</b> positions grow with commit order within a partition (across partitions too,
 *       on the engines of this repository; a reader may rely only on the former).
 *   <li><b>Retention:</b> a group older than the table's retention is never read; the engine
 *       deletes it in the background. A table's deletion deletes its feed.
 * </ul>
 */
public interface ChangeFeed {
  /** The position before every group: read after it to start at the oldest retained group. */
  long OLDEST = 0;

  /**
   * The groups of {@code table} after position {@code after}, oldest first: at most {@code limit},
   * and once their {@link ChangeGroup#size} reaches {@code maxBytes} no more (a page holds at least
   * one group when there is one, however large). Empty for a table id the catalog does not list.
   */
  FeedPage read(TableInfo table, long after, int limit, long maxBytes);

  /**
   * A stage that completes once a group after {@code after} may be readable, or the table was
   * deleted, for a long poll that must not hold a thread meanwhile; it may also complete with
   * nothing new (the caller reads and waits again). The caller cancels it when it stops waiting,
   * which forgets it. Completes on the engine's thread: chain nothing slow on it.
   */
  CompletableFuture<Void> awaitAfter(long tableId, long after);
}
