package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.Page;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.Stages;
import dev.tabula.engine.StopReason;
import dev.tabula.engine.StorageException;
import dev.tabula.engine.Write;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Entities in Cassandra: point reads at the configured consistency, scans through {@link
 * CassandraScan}, applies through {@link CassandraApply}. A deleted table reads as empty and
 * accepts no writes. A failure of the cluster is reported as a storage outcome ({@link
 * CassandraFailures}). Thread-safe.
 */
final class CassandraEntityStore implements EntityStore {
  private final CqlSession session;
  private final CassandraLifecycle lifecycle;
  private final CassandraReclaimer reclaimer;
  private final CassandraScan scan;
  private final CassandraApply apply;
  private final PreparedStatement read;

  CassandraEntityStore(
      CqlSession session,
      String keyspace,
      CassandraLifecycle lifecycle,
      CassandraReclaimer reclaimer,
      CassandraScan scan,
      CassandraApply apply) {
    this.session = session;
    this.lifecycle = lifecycle;
    this.reclaimer = reclaimer;
    this.scan = scan;
    this.apply = apply;
    this.read =
        session.prepare(
            "SELECT rk, value FROM "
                + keyspace
                + ".entities"
                + " WHERE table_id = ? AND pk = ? AND rk = ?");
  }

  @Override
  public Optional<Entity> read(long tableId, EntityKey key) {
    lifecycle.ensureOpen();
    if (reclaimer.isDropped(tableId)) {
      return Optional.empty();
    }
    Row row =
        CassandraFailures.guard(
            () ->
                session
                    .execute(
                        read.bind(tableId, key.partitionKey(), key.rowKey()).setIdempotent(true))
                    .one());
    return row == null
        ? Optional.empty()
        : Optional.of(CassandraRows.entity(key.partitionKey(), row));
  }

  @Override
  public Page scan(long tableId, ScanRequest request) {
    lifecycle.ensureOpen();
    if (reclaimer.isDropped(tableId)) {
      return new Page(List.of(), null, StopReason.SOURCE_EXHAUSTED, 0);
    }
    return CassandraFailures.guard(() -> scan.page(tableId, request));
  }

  /**
   * {@inheritDoc} Applies on the caller's thread before it returns, waiting for the cluster's
   * compare-and-set rounds ({@link CassandraApply}).
   */
  @Override
  public CompletableFuture<ApplyResult> applyAsync(
      long tableId, String partitionKey, List<Write> writes) {
    return Stages.completed(
        () -> {
          lifecycle.ensureOpen();
          if (reclaimer.isDropped(tableId)) {
            throw new StorageException(
                StorageException.Kind.NO_SUCH_TABLE, "no table has id " + tableId);
          }
          return CassandraFailures.guard(() -> apply.apply(tableId, partitionKey, writes));
        });
  }
}
