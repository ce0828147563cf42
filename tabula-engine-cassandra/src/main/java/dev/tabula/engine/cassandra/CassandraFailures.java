package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.NodeUnavailableException;
import com.datastax.oss.driver.api.core.RequestThrottlingException;
import com.datastax.oss.driver.api.core.connection.BusyConnectionException;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.connection.HeartbeatException;
import com.datastax.oss.driver.api.core.servererrors.BootstrappingException;
import com.datastax.oss.driver.api.core.servererrors.CASWriteUnknownException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import com.datastax.oss.driver.api.core.servererrors.WriteFailureException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import dev.tabula.engine.StorageException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the driver's failures become the engine's {@link StorageException}s: the one place that
 * decides it. Every entry point of the engine runs its work through {@link #guard}. Core tells
 * clients {@code UNAVAILABLE} as 503 ServerBusy and {@code OUTCOME_UNKNOWN} as 500
 * OperationTimedOut; the table gives those answers too.
 *
 * <table>
 *   <caption>Driver exception (java-driver-core 4.19) to the engine's storage outcome</caption>
 *   <tr><th>driver exception</th><th>outcome (answer)</th><th>why</th></tr>
 *   <tr><td>{@code UnavailableException}</td><td>UNAVAILABLE (503 ServerBusy)</td><td>the
 *       coordinator knew too few replicas were alive and did not start the request</td></tr>
 *   <tr><td>{@code AllNodesFailedException}, its {@code NoNodeAvailableException}</td>
 *       <td>UNAVAILABLE (503 ServerBusy)</td><td>no coordinator could take the request. For a statement that is
 *       not idempotent (every lightweight transaction) the driver moves on to another node only
 *       when the request was not executed (not sent, no connection, node bootstrapping,
 *       unavailable); for an idempotent one a retry is harmless anyway</td></tr>
 *   <tr><td>{@code NodeUnavailableException}, {@code BusyConnectionException}, {@code
 *       RequestThrottlingException}</td><td>UNAVAILABLE (503 ServerBusy)</td><td>the driver had no
 *       connection or no capacity and never sent the request</td></tr>
 *   <tr><td>{@code OverloadedException}, {@code BootstrappingException}</td><td>UNAVAILABLE (503
 *       ServerBusy)</td><td>the coordinator refused the request instead of executing it</td></tr>
 *   <tr><td>{@code ReadTimeoutException}, {@code WriteTimeoutException}, {@code
 *       CASWriteUnknownException}, {@code DriverTimeoutException} (the driver's own request
 *       timeout: an unreachable or frozen node), {@code ClosedConnectionException}, {@code
 *       HeartbeatException}</td><td>UNAVAILABLE (503 ServerBusy), except from the one write that
 *       carries the caller's change: OUTCOME_UNKNOWN (500 OperationTimedOut)</td><td>the cluster
 *       did not answer in time. Most
 *       statements only read, or prepare a change that has not been attempted yet (the partition
 *       directory, the id and clock counters): nothing the caller asked for was done, and a retry
 *       is safe. The writes that carry the caller's change (an entity batch, a table's creation
 *       or deletion, its access policies, account settings) pass their failure through {@link
 *       #afterWrite}: such a write may or may not have been applied, which only OUTCOME_UNKNOWN
 *       (OperationTimedOut) says. An entity batch and a table's creation or deletion first try to find out, by a
 *       SERIAL read ({@link #outcomeUnknown})</td></tr>
 *   <tr><td>anything else: read and write failures (replicas answered with an error), {@code
 *       ServerError}, invalid queries, authentication and protocol errors</td><td>unchanged (500
 *       InternalError)</td><td>a bug or a misconfiguration, not a passing condition: the server
 *       logs it with its stack trace</td></tr>
 * </table>
 *
 * <p>UNAVAILABLE means nothing was written, and the SDKs retry its ServerBusy; OperationTimedOut is
 * the service's own answer for an operation whose outcome the caller cannot know. The mapped
 * failures are logged as one warning per ten seconds at most, with a count. Thread-safe.
 */
final class CassandraFailures {
  private static final Logger LOG = LoggerFactory.getLogger(CassandraFailures.class);
  private static final long WARN_EVERY_NANOS = 10_000_000_000L;
  private static final AtomicLong SINCE_WARNING = new AtomicLong();
  private static final AtomicLong LAST_WARNING =
      new AtomicLong(System.nanoTime() - WARN_EVERY_NANOS);

  private CassandraFailures() {}

  /** Runs {@code work}, turning the driver's failures into storage outcomes. */
  static <T> T guard(Supplier<T> work) {
    try {
      return work.get();
    } catch (DriverException e) {
      throw translate(e);
    }
  }

  /** As {@link #guard(Supplier)}, for work without a result. */
  static void guard(Runnable work) {
    guard(
        () -> {
          work.run();
          return null;
        });
  }

  /**
   * The storage outcome of {@code failure}, or {@code failure} itself when it is not a passing
   * condition of the cluster (then the server answers 500 InternalError and logs it).
   */
  static RuntimeException translate(DriverException failure) {
    StorageException.Kind kind = kindOf(failure);
    if (kind == null) {
      return failure;
    }
    warn(kind, failure);
    return new StorageException(kind, message(failure));
  }

  /** The storage outcome of a driver failure, or null for "none: an internal error". */
  static StorageException.Kind kindOf(DriverException failure) {
    if (failure instanceof UnavailableException
        || failure instanceof AllNodesFailedException
        || failure instanceof NodeUnavailableException
        || failure instanceof BusyConnectionException
        || failure instanceof RequestThrottlingException
        || failure instanceof OverloadedException
        || failure instanceof BootstrappingException
        || failure instanceof ReadTimeoutException
        || failure instanceof WriteTimeoutException
        || failure instanceof CASWriteUnknownException
        || failure instanceof DriverTimeoutException
        || failure instanceof ClosedConnectionException
        || failure instanceof HeartbeatException) {
      return StorageException.Kind.UNAVAILABLE;
    }
    return null;
  }

  /**
   * The outcome of the failure of a write that carries the caller's change, once any attempt to
   * learn it is over: OUTCOME_UNKNOWN when it may have been applied ({@link #outcomeUnknown},
   * unless it is a bug or misconfiguration, answered 500 InternalError as it is), otherwise as
   * {@link #translate}.
   */
  static RuntimeException afterWrite(DriverException failure) {
    if (kindOf(failure) == null || !outcomeUnknown(failure)) {
      return translate(failure);
    }
    warn(StorageException.Kind.OUTCOME_UNKNOWN, failure);
    return new StorageException(StorageException.Kind.OUTCOME_UNKNOWN, message(failure));
  }

  /**
   * Whether a write that failed this way may nevertheless have been applied, or may still be:
   * Cassandra or the driver gave up waiting (timeouts, an unknown CAS result, a connection lost
   * mid-request), or some replica failed while others may have accepted it. Paxos v2 reports a
   * timed-out round as a {@code WriteTimeoutException} of write type CAS; Paxos v1 reports a
   * timed-out commit phase with write type SIMPLE, so every write type counts.
   */
  static boolean outcomeUnknown(DriverException failure) {
    return failure instanceof WriteTimeoutException
        || failure instanceof CASWriteUnknownException
        || failure instanceof WriteFailureException
        || failure instanceof DriverTimeoutException
        || failure instanceof ClosedConnectionException
        || failure instanceof HeartbeatException;
  }

  private static String message(DriverException failure) {
    return "Cassandra: " + failure.getClass().getSimpleName() + ": " + failure.getMessage();
  }

  private static void warn(StorageException.Kind kind, DriverException failure) {
    long count = SINCE_WARNING.incrementAndGet();
    long now = System.nanoTime();
    long last = LAST_WARNING.get();
    if (now - last >= WARN_EVERY_NANOS && LAST_WARNING.compareAndSet(last, now)) {
      SINCE_WARNING.addAndGet(-count);
      LOG.warn(
          "Cassandra request failed, reported as {} ({} such failures since the last warning):"
              + " {}: {}",
          kind,
          count,
          failure.getClass().getSimpleName(),
          failure.getMessage());
    }
  }
}
