package dev.tabula.bench.feed;

import dev.tabula.bench.load.EntityShape;
import dev.tabula.bench.load.HttpConnection.Response;
import dev.tabula.bench.load.RunBounds;
import dev.tabula.bench.load.RunSettings;
import dev.tabula.bench.load.ScratchTable;
import dev.tabula.bench.load.TableConnection;
import dev.tabula.bench.load.TableEndpoint;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The change feed's lag under the insert workload (issue 24): writers insert new entities into a
 * table with a change feed as fast as they can, while one reader follows the feed by long polling;
 * each row's lag is the time it was read minus its commit time (one machine, one clock). Afterwards
 * every acknowledged insert must have been read exactly once; the run fails otherwise.
 *
 * <p>{@code java -cp tabula-bench/target/benchmarks.jar dev.tabula.bench.feed.FeedLagMain
 * --endpoint http://127.0.0.1:10002/devstoreaccount1 --writers 16 --duration 10}
 */
@Command(
    name = "feed-lag",
    mixinStandardHelpOptions = true,
    description = "Measure the change feed's lag while inserting, and check exactly-once delivery.")
public final class FeedLagMain implements Callable<Integer> {
  @Option(names = "--endpoint", required = true, description = "Account root, path-style.")
  URI endpoint;

  @Option(names = "--account", description = "Account name (default devstoreaccount1).")
  String account = TableEndpoint.DEVELOPMENT_ACCOUNT;

  @Option(names = "--key", description = "Account key, base64 (default: the development key).")
  String key = TableEndpoint.DEVELOPMENT_KEY;

  @Option(names = "--writers", description = "Inserting clients (default 16).")
  int writers = 16;

  @Option(names = "--duration", description = "Seconds of inserts (default 10).")
  long duration = 10;

  @Option(names = "--drain", description = "Seconds the reader may take after (default 30).")
  long drain = 30;

  @Option(names = "--poll-timeout", description = "Long-poll seconds per read (default 10).")
  int pollTimeout = 10;

  private final Set<String> acked = ConcurrentHashMap.newKeySet();
  private final Map<String, Integer> delivered = new ConcurrentHashMap<>();
  private final Histogram lagMicros = new Histogram(3);
  private final AtomicBoolean writing = new AtomicBoolean(true);
  private final AtomicLong failures = new AtomicLong();

  public static void main(String[] args) {
    System.exit(new CommandLine(new FeedLagMain()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    TableEndpoint target = new TableEndpoint(endpoint, account, key);
    ScratchTable table = ScratchTable.named("feedlag");
    RunSettings withFeed =
        new RunSettings(
            1,
            new RunBounds(1, Duration.ofSeconds(1)),
            Duration.ZERO,
            60_000,
            "{\"changeFeed\": {\"retentionSeconds\": 3600}}");
    try (TableConnection admin = new TableConnection(target, 60_000)) {
      table.create(admin, withFeed);
      Thread reader = new Thread(() -> follow(target, table.name()), "feed-reader");
      reader.start();
      long started = System.nanoTime();
      List<Thread> threads = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        int writer = w;
        Thread thread = new Thread(() -> write(target, table.name(), writer), "writer-" + w);
        threads.add(thread);
        thread.start();
      }
      Thread.sleep(Duration.ofSeconds(duration).toMillis());
      writing.set(false);
      for (Thread thread : threads) {
        thread.join();
      }
      double seconds = (System.nanoTime() - started) / 1e9;
      reader.join(Duration.ofSeconds(drain + pollTimeout).toMillis());
      reader.interrupt();
      table.delete(admin);
      return report(seconds);
    }
  }

  private void write(TableEndpoint target, String table, int writer) {
    EntityShape shape = new EntityShape(1, 1, 1024, EntityShape.DEFAULT_PROPERTIES);
    try (TableConnection connection = new TableConnection(target, 60_000)) {
      for (long seq = 0; writing.get(); seq++) {
        String rowKey = String.format(Locale.ROOT, "w%03d-%012d", writer, seq);
        Response response = connection.insert(table, shape.json("p" + (seq % 100), rowKey, seq));
        if (response.status() == 204) {
          acked.add(rowKey);
        } else {
          failures.incrementAndGet();
        }
      }
    } catch (IOException e) {
      failures.incrementAndGet();
    }
  }

  /**
   * Reads the feed until every acknowledged row arrived after the writers stopped, or the drain.
   */
  private void follow(TableEndpoint target, String table) {
    long drainEnd = Long.MAX_VALUE;
    String after = null;
    try (TableConnection connection = new TableConnection(target, (pollTimeout + 30) * 1000)) {
      while (System.nanoTime() < drainEnd) {
        if (!writing.get() && drainEnd == Long.MAX_VALUE) {
          drainEnd = System.nanoTime() + Duration.ofSeconds(drain).toNanos();
        }
        if (!writing.get() && delivered.keySet().containsAll(acked)) {
          return;
        }
        String query =
            "timeout="
                + pollTimeout
                + (after == null
                    ? ""
                    : "&after=" + URLEncoder.encode(after, StandardCharsets.UTF_8));
        Response response =
            connection.sendToComponent(
                "GET", table, "tabula-changes", query, "x-tabula-extensions: changefeed");
        long readAt = System.currentTimeMillis();
        if (response.status() != 200) {
          System.out.println(
              "feed read answered " + response.status() + ": " + response.bodyText(300));
          failures.incrementAndGet();
          return;
        }
        FeedPage page = FeedPage.parse(response.body());
        for (FeedPage.Group group : page.groups()) {
          long lag = Math.max(1, (readAt - group.time().toEpochMilli()) * 1000);
          for (String rowKey : group.rowKeys()) {
            delivered.merge(rowKey, 1, Integer::sum);
            lagMicros.recordValue(lag);
          }
        }
        after = page.next();
      }
    } catch (IOException e) {
      System.out.println("feed reader failed: " + e);
      failures.incrementAndGet();
    }
  }

  private int report(double seconds) {
    long duplicates = delivered.values().stream().filter(n -> n > 1).count();
    long missing = acked.stream().filter(k -> !delivered.containsKey(k)).count();
    long unacked = delivered.keySet().stream().filter(k -> !acked.contains(k)).count();
    System.out.printf(
        Locale.ROOT,
        "writers=%d  inserts acknowledged=%d (%.0f/s)  rows read=%d  duplicates=%d  missing=%d"
            + "  read but not acknowledged=%d  failures=%d%n",
        writers,
        acked.size(),
        acked.size() / seconds,
        delivered.size(),
        duplicates,
        missing,
        unacked,
        failures.get());
    System.out.printf(
        Locale.ROOT,
        "lag ms: p50=%.1f  p90=%.1f  p99=%.1f  max=%.1f%n",
        lagMicros.getValueAtPercentile(50) / 1000.0,
        lagMicros.getValueAtPercentile(90) / 1000.0,
        lagMicros.getValueAtPercentile(99) / 1000.0,
        lagMicros.getMaxValue() / 1000.0);
    boolean exact = duplicates == 0 && missing == 0 && failures.get() == 0;
    System.out.println(exact ? "OK: every acknowledged insert read exactly once" : "ERRORS");
    return exact ? 0 : 1;
  }
}
