package dev.tabula.bench.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * Drives an {@link Operation} from {@code concurrency} worker threads, each with its own keep-alive
 * connection and one request in flight (closed loop), first for the warm-up time unmeasured, then
 * measured until the operation count or the time bound is reached, whichever comes first. Stops
 * early after {@value #MAX_ERRORS} failed operations. Operations in flight when the time runs out
 * finish (each request is bounded by the connection's time-out); their latencies are recorded, but
 * rates count only the operations completed within the measured window (as wrk does), so that one
 * slow last request does not stretch the window.
 */
public final class LoadRunner {
  /** A run stops once this many operations failed: past that it measures failures, not work. */
  public static final int MAX_ERRORS = 100;

  private static final int ERRORS_KEPT = 8;
  private static final long JOIN_GRACE_NANOS = TimeUnit.MINUTES.toNanos(5);

  private final TableEndpoint endpoint;
  private final RunSettings settings;
  private final CompletionListener listener;
  private final AtomicLong sequence = new AtomicLong();
  private final AtomicLong measuredStarted = new AtomicLong();
  private final AtomicLong errorCount = new AtomicLong();
  private final Queue<String> errors = new ConcurrentLinkedQueue<>();
  private long measureStart;
  private long deadline;

  private LoadRunner(TableEndpoint endpoint, RunSettings settings, CompletionListener listener) {
    this.endpoint = endpoint;
    this.settings = settings;
    this.listener = listener;
  }

  /** Runs {@code operation} against {@code endpoint} as {@code settings} say. */
  public static RunStats run(TableEndpoint endpoint, RunSettings settings, Operation operation) {
    return run(endpoint, settings, operation, CompletionListener.NONE);
  }

  /**
   * Runs {@code operation} as {@link #run(TableEndpoint, RunSettings, Operation)} does, and tells
   * {@code listener} of every operation that completed correctly, warm-up included.
   */
  public static RunStats run(
      TableEndpoint endpoint,
      RunSettings settings,
      Operation operation,
      CompletionListener listener) {
    return new LoadRunner(endpoint, settings, listener).run(operation);
  }

  private RunStats run(Operation operation) {
    long now = System.nanoTime();
    measureStart = now + settings.warmup().toNanos();
    deadline = measureStart + settings.bounds().maxDuration().toNanos();
    List<Worker> workers = new ArrayList<>();
    for (int i = 0; i < settings.concurrency(); i++) {
      Worker worker = new Worker(operation);
      Thread thread = new Thread(worker, "load-" + i);
      thread.setDaemon(true);
      worker.thread = thread;
      workers.add(worker);
      thread.start();
    }
    boolean stuck = !joinAll(workers);
    double seconds = Math.max(1e-9, (Math.min(System.nanoTime(), deadline) - measureStart) / 1e9);
    if (stuck) {
      errorCount.incrementAndGet();
      errors.add(
          "a worker was still running "
              + JOIN_GRACE_NANOS / 1_000_000_000L
              + " s after the deadline");
    }
    return collect(workers, seconds);
  }

  private boolean joinAll(List<Worker> workers) {
    long giveUp = deadline + JOIN_GRACE_NANOS;
    for (Worker worker : workers) {
      try {
        worker.thread.join(Math.max(1, (giveUp - System.nanoTime()) / 1_000_000));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
      if (worker.thread.isAlive()) {
        return false;
      }
    }
    return true;
  }

  private RunStats collect(List<Worker> workers, double seconds) {
    Histogram operations = new Histogram(3);
    Histogram requests = new Histogram(3);
    long ops = 0;
    long reqs = 0;
    long entities = 0;
    long acked = 0;
    long connects = 0;
    for (Worker worker : workers) {
      synchronized (worker) {
        operations.add(worker.operationMicros);
        requests.add(worker.requestMicros);
        ops += worker.operations;
        reqs += worker.requests;
        entities += worker.entities;
        acked += worker.acked;
        connects += worker.connects;
      }
    }
    return new RunStats(
        ops,
        reqs,
        entities,
        acked,
        seconds,
        operations,
        requests,
        errorCount.get(),
        List.copyOf(errors),
        connects);
  }

  private void failed(long seq, String error) {
    if (errorCount.incrementAndGet() <= ERRORS_KEPT) {
      errors.add("operation " + seq + ": " + error);
    }
  }

  /** One worker: a connection and a closed loop of operations. */
  private final class Worker implements Runnable {
    private final Operation operation;
    private final Histogram operationMicros = new Histogram(3);
    private Histogram requestMicros = new Histogram(3);
    private Thread thread;
    private long operations;
    private long requests;
    private long entities;
    private long acked;
    private long connects;

    Worker(Operation operation) {
      this.operation = operation;
    }

    @Override
    public void run() {
      try (TableConnection connection = new TableConnection(endpoint, settings.timeoutMillis())) {
        loop(connection);
        synchronized (this) {
          requestMicros = connection.latencies();
          connects = connection.connects();
        }
      }
    }

    private void loop(TableConnection connection) {
      while (errorCount.get() < MAX_ERRORS) {
        long start = System.nanoTime();
        if (start - deadline >= 0) {
          return;
        }
        boolean measured = start - measureStart >= 0;
        if (measured && measuredStarted.getAndIncrement() >= settings.bounds().maxOperations()) {
          return;
        }
        connection.recording(measured);
        long requestsBefore = connection.requests();
        long seq = sequence.getAndIncrement();
        Outcome outcome = perform(connection, seq);
        long end = System.nanoTime();
        synchronized (this) {
          if (outcome.correct()) {
            acked += outcome.entities();
          }
          if (measured) {
            operationMicros.recordValue(Math.max(1, (end - start) / 1000));
            if (end - deadline <= 0) {
              operations++;
              requests += connection.requests() - requestsBefore;
              entities += outcome.correct() ? outcome.entities() : 0;
            }
          }
        }
        if (outcome.correct()) {
          listener.completed(end, end - start);
        } else {
          failed(seq, outcome.error());
        }
      }
    }

    private Outcome perform(TableConnection connection, long seq) {
      try {
        return operation.perform(connection, seq);
      } catch (java.io.IOException | RuntimeException e) {
        return Outcome.failed(e.toString());
      }
    }
  }
}
