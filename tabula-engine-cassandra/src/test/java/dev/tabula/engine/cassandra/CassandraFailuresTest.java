package dev.tabula.engine.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.NoNodeAvailableException;
import com.datastax.oss.driver.api.core.RequestThrottlingException;
import com.datastax.oss.driver.api.core.connection.BusyConnectionException;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.servererrors.BootstrappingException;
import com.datastax.oss.driver.api.core.servererrors.CASWriteUnknownException;
import com.datastax.oss.driver.api.core.servererrors.DefaultWriteType;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.ServerError;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import com.datastax.oss.driver.api.core.servererrors.WriteFailureException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The mapping table of {@link CassandraFailures}, on the driver's own exceptions (no coordinator
 * node is needed to build them). {@code CassandraFailuresIT} shows the same on a real node.
 */
class CassandraFailuresTest {
  private static final DefaultConsistencyLevel QUORUM = DefaultConsistencyLevel.QUORUM;

  @Test
  void nothingAttempted_isServerBusy() {
    for (DriverException failure :
        new DriverException[] {
          new UnavailableException(null, QUORUM, 2, 1),
          new NoNodeAvailableException(),
          new BusyConnectionException(1024),
          new RequestThrottlingException("throttled"),
          new OverloadedException(null),
          new BootstrappingException(null)
        }) {
      assertThat(CassandraFailures.codeOf(failure))
          .as(failure.getClass().getSimpleName())
          .isEqualTo(TableErrorCode.SERVER_BUSY);
      assertThat(CassandraFailures.outcomeUnknown(failure)).isFalse();
    }
  }

  @Test
  void timeouts_areServerBusy_butAfterAWriteTheyAreOperationTimedOut_whenItMayHaveApplied() {
    Map<DriverException, Boolean> unknown =
        Map.of(
            new ReadTimeoutException(null, QUORUM, 0, 1, false), false,
            new WriteTimeoutException(null, QUORUM, 0, 1, DefaultWriteType.CAS), true,
            new WriteTimeoutException(null, QUORUM, 0, 1, DefaultWriteType.SIMPLE), true,
            new CASWriteUnknownException(null, QUORUM, 0, 1), true,
            new DriverTimeoutException("Query timed out after PT10S"), true,
            new ClosedConnectionException("Unexpected error on channel"), true);
    unknown.forEach(
        (failure, outcomeUnknown) -> {
          String name = failure.getClass().getSimpleName();
          assertThat(CassandraFailures.codeOf(failure))
              .as(name)
              .isEqualTo(TableErrorCode.SERVER_BUSY);
          assertThat(CassandraFailures.outcomeUnknown(failure)).as(name).isEqualTo(outcomeUnknown);
          assertThat(CassandraFailures.afterWrite(failure))
              .as(name)
              .isInstanceOfSatisfying(
                  TableException.class,
                  e ->
                      assertThat(e.code())
                          .isEqualTo(
                              outcomeUnknown
                                  ? TableErrorCode.OPERATION_TIMED_OUT
                                  : TableErrorCode.SERVER_BUSY));
        });
  }

  @Test
  void afterAWrite_nothingAttempted_staysServerBusy_andBugsStayThemselves() {
    assertThat(CassandraFailures.afterWrite(new NoNodeAvailableException()))
        .isInstanceOfSatisfying(
            TableException.class, e -> assertThat(e.code()).isEqualTo(TableErrorCode.SERVER_BUSY));
    WriteFailureException writeFailure =
        new WriteFailureException(null, QUORUM, 0, 1, DefaultWriteType.CAS, 1, Map.of());
    assertThat(CassandraFailures.afterWrite(writeFailure)).isSameAs(writeFailure);
  }

  @Test
  void bugsAndMisconfiguration_stayInternalErrors_withTheirCause() {
    WriteFailureException writeFailure =
        new WriteFailureException(null, QUORUM, 0, 1, DefaultWriteType.CAS, 1, Map.of());
    for (DriverException failure :
        new DriverException[] {
          writeFailure, new ServerError(null, "boom"), new InvalidQueryException(null, "bad")
        }) {
      assertThat(CassandraFailures.codeOf(failure)).as(failure.getClass().getSimpleName()).isNull();
      assertThat(CassandraFailures.translate(failure)).isSameAs(failure);
    }
    // A replica failed while others may have accepted the write: resolved like a timeout.
    assertThat(CassandraFailures.outcomeUnknown(writeFailure)).isTrue();
  }

  @Test
  void guard_answersTheServiceError() {
    RuntimeException thrown = null;
    try {
      CassandraFailures.guard(
          () -> {
            throw new NoNodeAvailableException();
          });
    } catch (RuntimeException e) {
      thrown = e;
    }
    assertThat(thrown)
        .isInstanceOfSatisfying(
            TableException.class, e -> assertThat(e.code()).isEqualTo(TableErrorCode.SERVER_BUSY));
  }
}
