package dev.tabula.server.telemetry;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.datasketches.frequencies.ErrorType;
import org.apache.datasketches.frequencies.ItemsSketch;

/**
 * The partitions that take the most requests: a bounded sketch of requests per account, table and
 * PartitionKey, so that the hot partitions Azure's scalability guidance warns about (one partition
 * is served by one server, up to about 2,000 entities a second) can be seen before they throttle.
 *
 * <p>Counted with Apache DataSketches' frequent-items sketch (a Misra-Gries / Space-Saving
 * variant): its memory is bounded by {@link #trackedKeys()} keys whatever the number of distinct
 * partitions, and the count of a key it reports is exact while it has seen fewer distinct keys than
 * that, else off by at most its {@link ItemsSketch#getMaximumError() maximum error} (about 3.5 /
 * {@code trackedKeys} of the requests counted). Every answered request whose URL, body or query
 * plan names one partition is counted, whatever its status: a refused request is load too.
 *
 * <p>Counts are of a sliding pair of windows: the window running now and the one before it, so a
 * partition stays listed for one to two {@link #WINDOW}s after its last request, and a partition
 * that cooled down leaves the list. {@link #rotate} ends a window; the server's {@link
 * HotPartitionGauges} does it on a timer.
 *
 * <p>Thread-safe: {@link #answered} takes one short lock (the sketch is not thread-safe) and does a
 * hash-map update under it, so it is cheap enough for the event loops that call it.
 */
public final class HotPartitions implements RequestListener {
  /** How many of the hottest partitions are listed by default. */
  public static final int DEFAULT_TOP = 10;

  /** The most partitions that may be listed. */
  public static final int MAX_TOP = 1000;

  /** How long one window of counts runs. */
  public static final Duration WINDOW = Duration.ofMinutes(1);

  private final int top;
  private final int mapSize;
  private ItemsSketch<TablePartition> current;
  private ItemsSketch<TablePartition> previous;

  /**
   * One partition of one table of one account, as the sketch counts it.
   *
   * @param account the account
   * @param table the table, as the request named it
   * @param partitionKey the PartitionKey
   */
  public record TablePartition(String account, String table, String partitionKey) {
    public TablePartition {
      Objects.requireNonNull(account, "account");
      Objects.requireNonNull(table, "table");
      Objects.requireNonNull(partitionKey, "partitionKey");
    }
  }

  /**
   * One of the hottest partitions and its requests in the last one to two windows.
   *
   * @param partition the partition
   * @param requests its requests, exact or over by at most {@code maxError}
   * @param maxError how far {@code requests} may be over the true count (0: exact)
   */
  public record HotPartition(TablePartition partition, long requests, long maxError) {
    public HotPartition {
      Objects.requireNonNull(partition, "partition");
    }
  }

  /**
   * @param top how many of the hottest partitions {@link #top()} lists, 1 to {@link #MAX_TOP}
   */
  public HotPartitions(int top) {
    if (top < 1 || top > MAX_TOP) {
      throw new IllegalArgumentException("hot partitions must be 1.." + MAX_TOP + ": " + top);
    }
    this.top = top;
    // 32 keys tracked per key listed, so the listed counts are exact unless the traffic spreads
    // over more distinct partitions than that, and otherwise off by under 1% of the requests
    // counted (the sketch's bound: 3.5 / mapSize of them). At the default 10: 512 keys a window.
    this.mapSize = Integer.highestOneBit(Math.max(64, top * 32) * 2 - 1);
    this.current = new ItemsSketch<>(mapSize);
    this.previous = new ItemsSketch<>(mapSize);
  }

  /** How many partitions {@link #top()} lists. */
  public int size() {
    return top;
  }

  /**
   * The most distinct partitions one window's sketch holds (its memory bound): the sketch keeps
   * three quarters of its map size.
   */
  public int trackedKeys() {
    return mapSize * 3 / 4;
  }

  @Override
  public void answered(AnsweredRequest request) {
    String table = request.table();
    String partitionKey = request.partitionKey();
    if (table == null || partitionKey == null) {
      return;
    }
    count(new TablePartition(request.account(), table, partitionKey));
  }

  /** Counts one request to {@code partition}. */
  void count(TablePartition partition) {
    synchronized (this) {
      current.update(partition);
    }
  }

  /** How many distinct partitions both windows' sketches hold now (at most twice trackedKeys). */
  int keysHeld() {
    synchronized (this) {
      return current.getNumActiveItems() + previous.getNumActiveItems();
    }
  }

  /** Ends the window running now: the one before it is forgotten. */
  public void rotate() {
    ItemsSketch<TablePartition> fresh = new ItemsSketch<>(mapSize);
    synchronized (this) {
      previous = current;
      current = fresh;
    }
  }

  /** The {@link #size()} hottest partitions, hottest first. */
  public List<HotPartition> top() {
    return top(top);
  }

  /** The {@code n} hottest partitions of the last one to two windows, hottest first. */
  public List<HotPartition> top(int n) {
    ItemsSketch<TablePartition> both = new ItemsSketch<>(mapSize);
    synchronized (this) {
      both.merge(previous);
      both.merge(current);
    }
    long maxError = both.getMaximumError();
    List<HotPartition> hottest = new ArrayList<>();
    for (ItemsSketch.Row<TablePartition> row :
        both.getFrequentItems(0, ErrorType.NO_FALSE_NEGATIVES)) {
      if (hottest.size() == n) {
        break;
      }
      hottest.add(new HotPartition(row.getItem(), row.getEstimate(), maxError));
    }
    return hottest;
  }
}
