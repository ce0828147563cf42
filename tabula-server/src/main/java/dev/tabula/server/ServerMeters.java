package dev.tabula.server;

import dev.tabula.core.QueryStats;
import dev.tabula.server.telemetry.JvmMeters;
import dev.tabula.server.telemetry.RequestMeters;
import dev.tabula.server.telemetry.Telemetry;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The server's own figures in its registry (docs/monitoring.md): requests by operation and status
 * ({@link RequestMeters}), connections, the worker pool, the requests shed with 503 ServerBusy and
 * why, entities scanned versus returned per query plan, and the JVM's figures ({@link JvmMeters}).
 * Gauges and function counters read the server's own counters when scraped, so serving a request
 * costs nothing more than it did. {@link #close} stops what listens to the JVM.
 */
final class ServerMeters implements AutoCloseable {
  /**
   * The plan shapes {@link QueryStats} counts under (tabula-query's {@code PlanDescription}; a
   * union of n ranges counts as {@code union}), each one series: the set is fixed, so the labels
   * stay bounded.
   */
  private static final List<String> PLANS =
      List.of("point", "partition", "row-range", "partition-range", "union", "scan", "empty");

  private final JvmMeters jvm;

  /** Held here: a function counter holds what it reads only weakly. */
  private final QueryStats queries;

  ServerMeters(
      Telemetry telemetry, WorkerPool workers, ConnectionLimit connections, QueryStats queries) {
    MeterRegistry registry = telemetry.registry();
    telemetry.addListener(new RequestMeters(registry));
    connections(registry, connections);
    workers(registry, workers);
    shed(registry, workers, connections);
    queries(registry, queries);
    this.jvm = new JvmMeters(registry);
    this.queries = queries;
  }

  private static void connections(MeterRegistry registry, ConnectionLimit connections) {
    Gauge.builder("tabula.connections.open", connections, ConnectionLimit::open)
        .strongReference(true)
        .description("Client connections open now, HTTP and HTTPS, served or being refused")
        .register(registry);
    Gauge.builder("tabula.connections.max", connections, ConnectionLimit::max)
        .strongReference(true)
        .description("Client connections served at once at most (--max-connections)")
        .register(registry);
    counter(
        registry,
        "tabula.connections.accepted",
        "Client connections accepted",
        connections,
        ConnectionLimit::accepted);
    counter(
        registry,
        "tabula.connections.dropped",
        "Connections closed unanswered on accept, past twice --max-connections",
        connections,
        ConnectionLimit::dropped);
  }

  private static void workers(MeterRegistry registry, WorkerPool workers) {
    Gauge.builder("tabula.workers.active", workers, WorkerPool::getActiveCount)
        .strongReference(true)
        .description("Worker threads running a request now")
        .register(registry);
    Gauge.builder("tabula.workers.max", workers, WorkerPool::getMaximumPoolSize)
        .strongReference(true)
        .description("Worker threads (--workers)")
        .register(registry);
    Gauge.builder("tabula.workers.queued", workers, pool -> pool.getQueue().size())
        .strongReference(true)
        .description("Requests waiting for a worker now (at most --queue)")
        .register(registry);
    Gauge.builder("tabula.workers.aside", workers, WorkerPool::asideCount)
        .strongReference(true)
        .description("Writes waiting for their commit without a worker now (at most --queue)")
        .register(registry);
  }

  private static void shed(MeterRegistry registry, WorkerPool workers, ConnectionLimit limit) {
    String name = "tabula.requests.shed";
    String description = "Requests answered 503 ServerBusy to shed load, by reason";
    FunctionCounter.builder(name, workers, pool -> pool.refusedQueueFull())
        .description(description)
        .tag("reason", "worker_queue_full")
        .register(registry);
    FunctionCounter.builder(name, workers, pool -> pool.refusedMemory())
        .description(description)
        .tag("reason", "request_memory")
        .register(registry);
    FunctionCounter.builder(name, limit, connections -> connections.refusalsAnswered())
        .description(description)
        .tag("reason", "connection_limit")
        .register(registry);
  }

  private static void queries(MeterRegistry registry, QueryStats queries) {
    counter(
        registry,
        "tabula.query.pages",
        "Query Entities pages answered",
        queries,
        QueryStats::pages);
    for (String plan : PLANS) {
      FunctionCounter.builder("tabula.query.entities.scanned", queries, q -> q.scanned(plan))
          .description("Entities Query Entities read, those its filter rejected included")
          .tag("plan", plan)
          .register(registry);
      FunctionCounter.builder("tabula.query.entities.returned", queries, q -> q.returned(plan))
          .description("Entities Query Entities returned")
          .tag("plan", plan)
          .register(registry);
    }
  }

  private static <T> void counter(
      MeterRegistry registry, String name, String description, T source, ToLongFunction<T> read) {
    FunctionCounter.builder(name, source, s -> read.applyAsLong(s))
        .description(description)
        .register(registry);
  }

  @Override
  public void close() {
    jvm.close();
  }
}
