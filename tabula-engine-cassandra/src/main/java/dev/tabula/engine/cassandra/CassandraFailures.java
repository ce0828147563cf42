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
import dev.tabula.model.TableErrorCode;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the driver's failures become the service's errors: the one place that decides it. Every
 * entry point of the engine runs its work through {@link #guard}.
 *
 * <table>
 *   <caption>Driver exception (java-driver-core 4.19) to the service's error</caption>
 *   <tr><th>driver exception</th><th>answer</th><th>why</th></tr>
 *   <tr><td>{@code UnavailableException}</td><td>503 ServerBusy</td><td>the coordinator knew too
 *       few replicas were alive and did not start the request</td></tr>
 *   <tr><td>{@code AllNodesFailedException}, its {@code NoNodeAvailableException}</td>
 *       <td>503 ServerBusy</td><td>no coordinator could take the request. For a statement that is
 *       not idempotent (every lightweight transaction) the driver moves on to another node only
 *       when the request was not executed (not sent, no connection, node bootstrapping,
 *       unavailable); for an idempotent one a retry is harmless anyway</td></tr>
 *   <tr><td>{@code NodeUnavailableException}, {@code BusyConnectionException}, {@code
 *       RequestThrottlingException}</td><td>503 ServerBusy</td><td>the driver had no connection or
 *       no capacity and never sent the request</td></tr>
 *   <tr><td>{@code OverloadedException}, {@code BootstrappingException}</td><td>503
 *       ServerBusy</td><td>the coordinator refused the request instead of executing it</td></tr>
 *   <tr><td>{@code ReadTimeoutException}</td><td>500 OperationTimedOut</td><td>replicas did not
 *       answer in time</td></tr>
 *   <tr><td>{@code WriteTimeoutException} (every write type), {@code
 *       CASWriteUnknownException}</td><td>500 OperationTimedOut</td><td>the write may or may not
 *       have been applied; from an entity write, {@link CassandraApply} first tries to find out
 *       ({@link #outcomeUnknown})</td></tr>
 *   <tr><td>{@code DriverTimeoutException}</td><td>500 OperationTimedOut</td><td>the driver's own
 *       request timeout: the request may still be running on the coordinator</td></tr>
 *   <tr><td>{@code ClosedConnectionException}, {@code HeartbeatException}</td><td>500
 *       OperationTimedOut</td><td>the connection broke with the request in flight; reads are
 *       idempotent and retried on another node by the driver, so only writes, whose outcome is
 *       unknown, end here</td></tr>
 *   <tr><td>anything else: read and write failures (replicas answered with an error), {@code
 *       ServerError}, invalid queries, authentication and protocol errors</td><td>unchanged:
 *       500 InternalError</td><td>a bug or a misconfiguration, not a passing condition: the server
 *       logs it with its stack trace</td></tr>
 * </table>
 *
 * <p>ServerBusy means nothing was written, and the SDKs retry it; OperationTimedOut is the
 * service's own answer for an operation whose outcome the caller cannot know. The mapped failures
 * are logged as one warning per ten seconds at most, with a count. Thread-safe.
 */
final class CassandraFailures {
  private static final Logger LOG = LoggerFactory.getLogger(CassandraFailures.class);
  private static final long WARN_EVERY_NANOS = 10_000_000_000L;
  private static final AtomicLong SINCE_WARNING = new AtomicLong();
  private static final AtomicLong LAST_WARNING = new AtomicLong(System.nanoTime() - WARN_EVERY_NANOS);

  private CassandraFailures() {}

  /** Runs {@code work}, turning the driver's failures into the service's errors. */
  static <T> T guard(Supplier<T> work) {
    try {
      return work.get();
    } catch (DriverException e) {
      throw translate(e);
    }
  }

  /** As {@link #guard(Supplier)}, for work without a result. */
  static void guard(Runnable work) {
    guard(() -> {
      work.run();
      return null;
    });
  }

  /**
   * The service's error for {@code failure}, or {@code failure} itself when it is not a passing
   * condition of the cluster (then the server answers 500 InternalError and logs it).
   */
  static RuntimeException translate(DriverException failure) {
    TableErrorCode code = codeOf(failure);
    if (code == null) {
      return failure;
    }
    warn(code, failure);
    return code.exception();
  }

  /** The service's error code for a driver failure, or null for "none: an internal error". */
  static TableErrorCode codeOf(DriverException failure) {
    if (failure instanceof UnavailableException
        || failure instanceof AllNodesFailedException
        || failure instanceof NodeUnavailableException
        || failure instanceof BusyConnectionException
        || failure instanceof RequestThrottlingException
        || failure instanceof OverloadedException
        || failure instanceof BootstrappingException) {
      return TableErrorCode.SERVER_BUSY;
    }
    if (failure instanceof ReadTimeoutException
        || failure instanceof WriteTimeoutException
        || failure instanceof CASWriteUnknownException
        || failure instanceof DriverTimeoutException
        || failure instanceof ClosedConnectionException
        || failure instanceof HeartbeatException) {
      return TableErrorCode.OPERATION_TIMED_OUT;
    }
    return null;
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

  private static void warn(TableErrorCode code, DriverException failure) {
    long count = SINCE_WARNING.incrementAndGet();
    long now = System.nanoTime();
    long last = LAST_WARNING.get();
    if (now - last >= WARN_EVERY_NANOS && LAST_WARNING.compareAndSet(last, now)) {
      SINCE_WARNING.addAndGet(-count);
      LOG.warn("Cassandra request failed, answered {} ({} such answers since the last warning):"
          + " {}: {}", code.code(), count, failure.getClass().getSimpleName(),
          failure.getMessage());
    }
  }
}
