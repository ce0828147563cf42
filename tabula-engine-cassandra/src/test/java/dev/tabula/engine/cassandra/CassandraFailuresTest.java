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
import dev.tabula.engine.StorageException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The mapping table of {@link CassandraFailures}, on the driver's own exceptions (no coordinator
 * node is needed to build them). {@code CassandraFailuresIT} shows the same on a real node.
 */
class CassandraFailuresTest {
  private static final DefaultConsistencyLevel QUORUM = DefaultConsistencyLevel.QUORUM;

  @Test
  void nothingAttempted_isUnavailable() {
    for (DriverException failure :
        new DriverException[] {
          new UnavailableException(null, QUORUM, 2, 1),
          new NoNodeAvailableException(),
          new BusyConnectionException(1024),
          new RequestThrottlingException("throttled"),
          new OverloadedException(null),
          new BootstrappingException(null)
        }) {
      assertThat(CassandraFailures.kindOf(failure))
          .as(failure.getClass().getSimpleName())
          .isEqualTo(StorageException.Kind.UNAVAILABLE);
      assertThat(CassandraFailures.outcomeUnknown(failure)).isFalse();
    }
  }

  @Test
  void timeouts_areUnavailable_butAfterAWriteTheyAreOutcomeUnknown_whenItMayHaveApplied() {
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
          assertThat(CassandraFailures.kindOf(failure))
              .as(name)
              .isEqualTo(StorageException.Kind.UNAVAILABLE);
          assertThat(CassandraFailures.outcomeUnknown(failure)).as(name).isEqualTo(outcomeUnknown);
          assertThat(CassandraFailures.afterWrite(failure))
              .as(name)
              .isInstanceOfSatisfying(
                  StorageException.class,
                  e ->
                      assertThat(e.kind())
                          .isEqualTo(
                              outcomeUnknown
                                  ? StorageException.Kind.OUTCOME_UNKNOWN
                                  : StorageException.Kind.UNAVAILABLE));
        });
  }

  @Test
  void afterAWrite_nothingAttempted_staysUnavailable_andBugsStayThemselves() {
    assertThat(CassandraFailures.afterWrite(new NoNodeAvailableException()))
        .isInstanceOfSatisfying(
            StorageException.class,
            e -> assertThat(e.kind()).isEqualTo(StorageException.Kind.UNAVAILABLE));
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
      assertThat(CassandraFailures.kindOf(failure)).as(failure.getClass().getSimpleName()).isNull();
      assertThat(CassandraFailures.translate(failure)).isSameAs(failure);
    }
    // A replica failed while others may have accepted the write: resolved like a timeout.
    assertThat(CassandraFailures.outcomeUnknown(writeFailure)).isTrue();
  }

  @Test
  void guard_throwsTheStorageOutcome() {
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
            StorageException.class,
            e -> assertThat(e.kind()).isEqualTo(StorageException.Kind.UNAVAILABLE));
  }
}
