package dev.tabula.bench.baseline;

import dev.tabula.bench.load.LoadMain;
import dev.tabula.bench.load.WorkloadResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntFunction;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Issue 6's write ceiling: RocksDB's own synced puts of 1 KiB values from N threads, with no server
 * in front, on the same kind of disk as the server's data directory. Tabula's durable single
 * inserts are measured against this rate at the same concurrency. Each measurement opens a fresh
 * database in a temporary directory under {@code dir} and deletes it afterwards.
 *
 * <p>{@code java -cp tabula-bench/target/benchmarks.jar dev.tabula.bench.baseline.RocksSyncedPuts
 * --threads 1 --duration 10}; the comparison driver calls {@link #measure} in-process.
 */
@Command(
    name = "rocks-synced-puts",
    mixinStandardHelpOptions = true,
    description = "Synced 1 KiB RocksDB puts from N threads: the durable-write ceiling.")
public final class RocksSyncedPuts implements Callable<Integer> {
  /**
   * How long writers may run past the deadline (one synced put in flight each) before it is an
   * error.
   */
  private static final long JOIN_GRACE_MILLIS = TimeUnit.MINUTES.toMillis(2);

  private static final int ERRORS_KEPT = 8;

  @Option(names = "--threads", description = "Writing threads (default 1).")
  int threads = 1;

  @Option(names = "--duration", description = "Measured seconds (default 10).")
  long duration = 10;

  @Option(names = "--warmup", description = "Unmeasured seconds first (default 2).")
  long warmup = 2;

  @Option(names = "--value-bytes", description = "Bytes per value (default 1024).")
  int valueBytes = 1024;

  @Option(
      names = "--dir",
      description = "Parent of the temporary database (default: java.io.tmpdir).")
  Path dir = Path.of(System.getProperty("java.io.tmpdir"));

  public static void main(String[] args) {
    System.exit(new CommandLine(new RocksSyncedPuts()).execute(args));
  }

  @Override
  public Integer call() {
    WorkloadResult result =
        measure(dir, threads, Duration.ofSeconds(warmup), Duration.ofSeconds(duration), valueBytes);
    LoadMain.print(result);
    return result.correct() ? 0 : 1;
  }

  /** The name a measurement is reported under ({@code synced put c=16}). */
  public static String workloadName(int threads) {
    return "synced put c=" + threads;
  }

  /**
   * Runs synced puts from {@code threads} threads for {@code warmup} unmeasured, then {@code
   * measured}, in a fresh database under {@code dir}, and reports ops/s (each put is one entity, so
   * entities/s is the same) and the p50 and p99 latency of a put. A failed put is an error of the
   * result and stops its thread.
   */
  public static WorkloadResult measure(
      Path dir, int threads, Duration warmup, Duration measured, int valueBytes) {
    RocksDB.loadLibrary();
    Queue<String> errors = new ConcurrentLinkedQueue<>();
    Map<String, Double> metrics = new LinkedHashMap<>();
    Path dbDir = null;
    try {
      dbDir = Files.createTempDirectory(dir, "rocks-synced-puts");
      try (Options options = new Options().setCreateIfMissing(true);
          WriteOptions sync = new WriteOptions().setSync(true);
          RocksDB db = RocksDB.open(options, dbDir.toString())) {
        long measureFrom = System.nanoTime() + warmup.toNanos();
        Window window = new Window(measureFrom, measureFrom + measured.toNanos());
        Recorder latencies = new Recorder(3);
        LongAdder done = new LongAdder();
        runWriters(
            threads,
            window,
            t -> new Writer(db, sync, valueBytes, window, latencies, done, errors, t),
            errors);
        putMetrics(metrics, done.sum(), measured, latencies.getIntervalHistogram());
      }
    } catch (IOException | RocksDBException e) {
      errors.add("opening the database: " + e);
    } finally {
      deleteTree(dbDir, errors);
    }
    List<String> kept = errors.stream().limit(ERRORS_KEPT).toList();
    return new WorkloadResult(workloadName(threads), metrics, kept);
  }

  private static void runWriters(
      int threads, Window window, IntFunction<Runnable> writerFor, Queue<String> errors) {
    // Each thread numbers its own keys, so the threads never write the same key.
    List<Thread> writers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread writer = new Thread(writerFor.apply(t), "synced-put-" + t);
      writer.setDaemon(true);
      writer.start();
      writers.add(writer);
    }
    long giveUp = window.end() + TimeUnit.MILLISECONDS.toNanos(JOIN_GRACE_MILLIS);
    for (Thread writer : writers) {
      try {
        writer.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(giveUp - System.nanoTime())));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        errors.add("interrupted while waiting for the writers");
        return;
      }
      if (writer.isAlive()) {
        errors.add(
            writer.getName()
                + " was still writing "
                + JOIN_GRACE_MILLIS / 1000
                + " s after the deadline");
      }
    }
  }

  private static void putMetrics(
      Map<String, Double> metrics, long puts, Duration measured, Histogram latencies) {
    double seconds = measured.toNanos() / 1e9;
    metrics.put("ops", (double) puts);
    metrics.put("ops/s", puts / seconds);
    metrics.put("entities/s", puts / seconds);
    metrics.put(
        "p50 ms",
        latencies.getTotalCount() == 0 ? Double.NaN : latencies.getValueAtPercentile(50) / 1e3);
    metrics.put(
        "p99 ms",
        latencies.getTotalCount() == 0 ? Double.NaN : latencies.getValueAtPercentile(99) / 1e3);
  }

  /** The measured window, in System.nanoTime(): puts that start before it are warm-up. */
  private record Window(long from, long end) {}

  /** One writing thread: synced puts of its own keys until the window ends, as wrk counts them. */
  private record Writer(
      RocksDB db,
      WriteOptions sync,
      int valueBytes,
      Window window,
      Recorder latencies,
      LongAdder done,
      Queue<String> errors,
      int id)
      implements Runnable {
    @Override
    public void run() {
      byte[] value = new byte[valueBytes];
      Arrays.fill(value, (byte) 'v');
      for (long seq = 0; ; seq++) {
        long before = System.nanoTime();
        if (before - window.end() >= 0) {
          return;
        }
        try {
          db.put(
              sync,
              String.format(Locale.ROOT, "t%03d-%012d", id, seq)
                  .getBytes(StandardCharsets.US_ASCII),
              value);
        } catch (RocksDBException e) {
          errors.add(Thread.currentThread().getName() + ": put failed: " + e);
          return;
        }
        long after = System.nanoTime();
        // Only puts wholly inside the window count, so the rate is over exactly the measured time.
        if (before - window.from() >= 0 && after - window.end() <= 0) {
          latencies.recordValue(Math.max(1, (after - before) / 1000));
          done.increment();
        }
      }
    }
  }

  private static void deleteTree(Path root, Queue<String> errors) {
    if (root == null) {
      return;
    }
    try (var paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      errors.add("deleting " + root + ": " + e);
    }
  }
}
