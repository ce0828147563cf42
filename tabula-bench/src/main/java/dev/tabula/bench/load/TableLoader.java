package dev.tabula.bench.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Fills a table with an {@link EntityShape}'s entities, either as entity group transactions of up
 * to 100 inserts into one partition (the service's limit) or as single Insert Entity requests,
 * keeping at most {@code inFlight} requests outstanding. Every response status is checked. One
 * load at a time per instance.
 */
public final class TableLoader {
  /** How a load sends its entities. */
  public enum Method {
    /** {@code POST $batch}, 100 inserts per change set. */
    BATCH,
    /** One {@code POST table} per entity. */
    SINGLE
  }

  /** The service's limit on operations in one entity group transaction. */
  public static final int MAX_BATCH = 100;

  private static final int MAX_ERRORS_KEPT = 10;
  private final TableClient client;

  /** A loader that sends through this client. */
  public TableLoader(TableClient client) {
    this.client = client;
  }

  /**
   * Whether the server runs entity group transactions: sends a batch of two inserts into a
   * scratch table (deleted afterwards) and expects 202 with two succeeded operations. A server
   * without {@code $batch} answers 4xx/5xx here, and the load falls back to single inserts.
   */
  public Method probe() {
    String table = "probe" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    Reply created = client.createTable(table);
    if (!created.ok()) {
      throw new IllegalStateException("Create Table answered " + created.status() + ": " + created.bodyText(300));
    }
    try {
      EntityShape shape = new EntityShape(1, 2, 256);
      Reply reply = client.insertBatchAsync(table, List.of(shape.json(0, 0), shape.json(0, 1))).join();
      boolean works = reply.status() == 202 && BatchBody.succeededParts(reply.body()) == 2;
      return works ? Method.BATCH : Method.SINGLE;
    } finally {
      client.deleteTable(table);
    }
  }

  /** Loads every entity of {@code shape} into the existing {@code table}, within {@code budget}. */
  public WorkloadResult load(
      String table, EntityShape shape, Method method, int inFlight, Duration budget) {
    int perRequest = method == Method.BATCH ? Math.min(MAX_BATCH, shape.rowsPerPartition()) : 1;
    Semaphore permits = new Semaphore(inFlight);
    Latencies latencies = new Latencies();
    AtomicLong stored = new AtomicLong();
    Queue<String> errors = new ConcurrentLinkedQueue<>();
    long deadline = System.nanoTime() + budget.toNanos();
    long start = System.nanoTime();
    boolean finished = true;
    outer:
    for (int p = 0; p < shape.partitions(); p++) {
      for (int r = 0; r < shape.rowsPerPartition(); r += perRequest) {
        if (!acquire(permits, 1, deadline) || errors.size() >= MAX_ERRORS_KEPT) {
          finished = false;
          break outer;
        }
        int rows = Math.min(perRequest, shape.rowsPerPartition() - r);
        send(table, shape, method, p, r, rows)
            .whenComplete((reply, ignored) -> {
              latencies.record(reply.nanos());
              check(reply, method, rows, stored, errors, table);
              permits.release();
            });
      }
    }
    if (!acquire(permits, inFlight, deadline + TimeUnit.SECONDS.toNanos(30))) {
      errors.add("requests still in flight when the budget ran out");
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    return result(method, shape, stored.get(), seconds, latencies, errors, finished);
  }

  private CompletableFuture<Reply> send(
      String table, EntityShape shape, Method method, int partition, int row, int rows) {
    if (method == Method.SINGLE) {
      return client.insertAsync(table, shape.json(partition, row));
    }
    List<byte[]> bodies = new ArrayList<>(rows);
    for (int i = 0; i < rows; i++) {
      bodies.add(shape.json(partition, row + i));
    }
    return client.insertBatchAsync(table, bodies);
  }

  private static void check(
      Reply reply, Method method, int rows, AtomicLong stored, Queue<String> errors, String table) {
    boolean ok =
        method == Method.SINGLE
            ? reply.status() == 201 || reply.status() == 204
            : reply.status() == 202 && BatchBody.succeededParts(reply.body()) == rows;
    if (ok) {
      stored.addAndGet(rows);
    } else if (errors.size() < MAX_ERRORS_KEPT) {
      errors.add("insert into " + table + " answered " + reply.status() + ": " + reply.bodyText(300));
    }
  }

  private static boolean acquire(Semaphore permits, int count, long deadline) {
    try {
      return permits.tryAcquire(count, Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static WorkloadResult result(
      Method method, EntityShape shape, long stored, double seconds, Latencies latencies,
      Queue<String> errors, boolean finished) {
    List<String> problems = new ArrayList<>(errors);
    if (!finished || stored != shape.entities()) {
      problems.add("stored " + stored + " of " + shape.entities() + " entities");
    }
    Map<String, Double> metrics = new LinkedHashMap<>();
    metrics.put("entities", (double) stored);
    metrics.put("load s", seconds);
    metrics.put("entities/s", stored / seconds);
    metrics.put("request p50 ms", latencies.percentileMillis(50));
    metrics.put("request p99 ms", latencies.percentileMillis(99));
    String name = "load (" + method.name().toLowerCase(Locale.ROOT) + ")";
    return new WorkloadResult(name, metrics, problems);
  }
}
