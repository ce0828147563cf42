package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.IndexPage;
import dev.tabula.engine.IndexScan;
import dev.tabula.engine.Page;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.Stages;
import dev.tabula.engine.StopReason;
import dev.tabula.engine.StorageException;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.engine.index.IndexRead;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.model.IndexDefinition;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiPredicate;

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
  private final PreparedStatement readRows;
  private final CassandraIndexEntries indexEntries;
  private final CassandraTableIndexes tableIndexes;
  private final CassandraIndexBuild build;
  private final BiPredicate<TableInfo, IndexDefinition> listsIndex;

  CassandraEntityStore(
      CqlSession session,
      String keyspace,
      CassandraLifecycle lifecycle,
      CassandraReclaimer reclaimer,
      CassandraScan scan,
      CassandraApply apply,
      CassandraIndexing indexing) {
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
    this.readRows =
        session.prepare(
            "SELECT rk, value FROM "
                + keyspace
                + ".entities"
                + " WHERE table_id = ? AND pk = ? AND rk IN ?");
    this.indexEntries = indexing.entries();
    this.tableIndexes = indexing.tables();
    this.listsIndex = indexing.listed();
    this.build = new CassandraIndexBuild(session, this, indexEntries, indexing.ticks());
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

  /**
   * {@inheritDoc} The same read through the driver's async API ({@link CassandraAsync}): no thread
   * waits for the node.
   */
  @Override
  public CompletableFuture<Optional<Entity>> readAsync(long tableId, EntityKey key) {
    return CassandraAsync.start(
        () -> {
          lifecycle.ensureOpen();
          if (reclaimer.isDropped(tableId)) {
            return CompletableFuture.completedFuture(Optional.<Entity>empty());
          }
          return session
              .executeAsync(
                  read.bind(tableId, key.partitionKey(), key.rowKey()).setIdempotent(true))
              .thenApply(
                  rows -> {
                    Row row = rows.one();
                    return row == null
                        ? Optional.<Entity>empty()
                        : Optional.of(CassandraRows.entity(key.partitionKey(), row));
                  });
        });
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
   * {@inheritDoc} The index entries are read through {@link IndexRead}, from a cursor that pages
   * through the index's partition ({@link CassandraIndexEntries}), and the entities of each
   * partition's keys read together in one single-partition query, which sees each conditional batch
   * whole. Not one snapshot across partitions, as no Cassandra read spans them: an entry may name
   * an entity that changed since, which the read's check of every entity against the query handles.
   */
  @Override
  public IndexPage scanIndex(TableInfo table, IndexScan scan) {
    lifecycle.ensureOpen();
    if (reclaimer.isDropped(table.id())) {
      return new IndexPage.Read(new Page(List.of(), null, StopReason.SOURCE_EXHAUSTED, 0));
    }
    int indexId = scan.index().id();
    if (CassandraFailures.guard(() -> indexEntries.hasOversized(table.id(), indexId))) {
      return new IndexPage.Declined(
          "a value too long for a Cassandra index entry (over "
              + CassandraIndexEntries.MAX_ENTRY_BYTES
              + " bytes)");
    }
    IndexRead.Source source =
        new IndexRead.Source() {
          @Override
          public IndexRead.Cursor cursor() {
            return indexEntries.cursor(table.id(), indexId);
          }

          @Override
          public Optional<Entity> read(EntityKey key) {
            return CassandraEntityStore.this.read(table.id(), key);
          }

          /** One single-partition read, which sees each conditional batch whole. */
          @Override
          public Map<String, Entity> readPartition(String partitionKey, List<String> rowKeys) {
            Map<String, Entity> found = new HashMap<>();
            for (Row row :
                session.execute(
                    readRows.bind(table.id(), partitionKey, rowKeys).setIdempotent(true))) {
              found.put(row.getString(0), CassandraRows.entity(partitionKey, row));
            }
            return found;
          }
        };
    return CassandraFailures.guard(() -> IndexRead.read(source, scan));
  }

  /** {@inheritDoc} See {@link CassandraIndexBuild}. */
  @Override
  public void buildIndex(TableInfo table, IndexDefinition index) {
    lifecycle.ensureOpen();
    CassandraFailures.guard(
        () -> {
          try {
            build.build(
                table, index, (t, i) -> !reclaimer.isDropped(t.id()) && listsIndex.test(t, i));
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StorageException(
                StorageException.Kind.UNAVAILABLE, "index build interrupted");
          }
        });
  }

  /**
   * {@inheritDoc} The entries moved are those of the indexes in {@code table}'s settings, which
   * core reads from the catalog row for each request; a write that looked the table up before an
   * index was added is covered by the build's grace ({@link CassandraIndexBuild}).
   */
  @Override
  public CompletableFuture<ApplyResult> applyAsync(
      TableInfo table, String partitionKey, List<Write> writes) {
    return apply(table.id(), partitionKey, writes, table.settings().indexes());
  }

  /**
   * {@inheritDoc} Applies on the caller's thread before it returns, waiting for the cluster's
   * compare-and-set rounds ({@link CassandraApply}). By id, the indexes are those this engine's
   * catalog last saw for the table ({@link CassandraTableIndexes}).
   */
  @Override
  public CompletableFuture<ApplyResult> applyAsync(
      long tableId, String partitionKey, List<Write> writes) {
    return apply(tableId, partitionKey, writes, tableIndexes.of(tableId));
  }

  private CompletableFuture<ApplyResult> apply(
      long tableId, String partitionKey, List<Write> writes, List<IndexDefinition> indexes) {
    return Stages.completed(
        () -> {
          lifecycle.ensureOpen();
          if (reclaimer.isDropped(tableId)) {
            throw new StorageException(
                StorageException.Kind.NO_SUCH_TABLE, "no table has id " + tableId);
          }
          return CassandraFailures.guard(() -> apply.apply(tableId, partitionKey, writes, indexes));
        });
  }
}
