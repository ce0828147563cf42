package dev.tabula.server.telemetry;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Counts every answered request into the registry: {@code tabula_requests_total{operation,status}},
 * the latency histogram {@code tabula_request_duration_seconds{operation}}, and the body bytes
 * received and sent per operation ({@code tabula_request_bytes_total}, {@code
 * tabula_response_bytes_total}). docs/monitoring.md lists them.
 *
 * <p>The labels are bounded: the operation is one of the service's few dozen names (or {@code
 * Refused}, {@code Unreadable}, ...), the status an HTTP status; never the account, table or key,
 * which would make a series per value. Cheap on the event loop: a request finds its meters in a map
 * keyed by operation and an array indexed by status, made on first use, so that after warm-up it
 * only bumps counters, with no lookup in the registry and no allocation.
 */
public final class RequestMeters implements RequestListener {
  /** Statuses 100..599 have a slot each. */
  private static final int FIRST_STATUS = 100;

  private static final int STATUSES = 500;

  private final MeterRegistry registry;
  private final ConcurrentMap<String, OperationMeters> byOperation = new ConcurrentHashMap<>();

  public RequestMeters(MeterRegistry registry) {
    this.registry = registry;
  }

  @Override
  public void answered(AnsweredRequest request) {
    OperationMeters meters =
        byOperation.computeIfAbsent(request.operation(), o -> new OperationMeters(registry, o));
    meters.status(request.status()).increment();
    meters.latency.record(request.durationNanos(), TimeUnit.NANOSECONDS);
    if (request.bytesIn() > 0) {
      meters.bytesIn.increment(request.bytesIn());
    }
    if (request.bytesOut() > 0) {
      meters.bytesOut.increment(request.bytesOut());
    }
  }

  /** One operation's meters; its per-status counters are made on first use. */
  private static final class OperationMeters {
    private final MeterRegistry registry;
    private final String operation;
    private final Timer latency;
    private final Counter bytesIn;
    private final Counter bytesOut;
    private final AtomicReferenceArray<Counter> byStatus = new AtomicReferenceArray<>(STATUSES);

    OperationMeters(MeterRegistry registry, String operation) {
      this.registry = registry;
      this.operation = operation;
      this.latency =
          Timer.builder("tabula.request.duration")
              .description("Time from a request read whole to its answer written")
              .tag("operation", operation)
              .publishPercentileHistogram()
              .minimumExpectedValue(Duration.ofNanos(100_000))
              .maximumExpectedValue(Duration.ofSeconds(60))
              .register(registry);
      this.bytesIn =
          Counter.builder("tabula.request.bytes")
              .description("Request body bytes received")
              .tag("operation", operation)
              .register(registry);
      this.bytesOut =
          Counter.builder("tabula.response.bytes")
              .description("Answer body bytes sent")
              .tag("operation", operation)
              .register(registry);
    }

    Counter status(int status) {
      int slot = status - FIRST_STATUS;
      if (slot < 0 || slot >= STATUSES) {
        return register(status); // no such status is ever sent: not worth a slot
      }
      Counter counter = byStatus.get(slot);
      if (counter == null) {
        // Registering twice returns the same counter, so a race here only costs a lookup.
        counter = register(status);
        byStatus.set(slot, counter);
      }
      return counter;
    }

    private Counter register(int status) {
      return Counter.builder("tabula.requests")
          .description("Requests answered, by operation and HTTP status")
          .tag("operation", operation)
          .tag("status", Integer.toString(status))
          .register(registry);
    }
  }
}
