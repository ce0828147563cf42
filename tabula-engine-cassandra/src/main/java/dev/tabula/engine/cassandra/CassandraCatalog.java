package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.tabula.engine.Catalog;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.codec.TableSettingsCodec;
import dev.tabula.model.AccessPolicy;
import dev.tabula.model.IndexDefinition;
import dev.tabula.model.TableNames;
import dev.tabula.model.TableSettings;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/**
 * The catalog in the {@code tables} table: one Cassandra partition per account, clustered by the
 * lower-cased name, so listing is one ordered read. Every change is a lightweight transaction on
 * the table's row, so two servers creating the same name get one table, and an access-policy update
 * never lands on a table deleted and created again meanwhile ({@code IF id = ?}). Ids come from a
 * compare-and-set counter and are never reused.
 *
 * <p>Deleting a table removes its row at once, so the name is free again, and hands the id to
 * {@link CassandraReclaimer}, which removes the entities in the background. Cluster failures are
 * reported as {@link CassandraFailures} says; a create or delete whose outcome a timeout left
 * unknown is resolved by reading the name again at SERIAL. Thread-safe.
 */
final class CassandraCatalog implements Catalog {
  private static final String TABLE_IDS = "table_id";

  private final CqlSession session;
  private final ConsistencyLevel serial;
  private final CassandraLifecycle lifecycle;
  private final CassandraSequences sequences;
  private final CassandraReclaimer reclaimer;
  private final CassandraIndexEntries indexEntries;
  private final CassandraTableIndexes tableIndexes;
  private final LongSupplier ticks;
  private final PreparedStatement find;
  private final PreparedStatement insert;
  private final PreparedStatement delete;
  private final PreparedStatement list;
  private final PreparedStatement policies;
  private final PreparedStatement setPolicies;
  private final PreparedStatement setSettings;

  CassandraCatalog(
      CqlSession session,
      String keyspace,
      ConsistencyLevel serial,
      CassandraLifecycle lifecycle,
      CassandraSequences sequences,
      CassandraReclaimer reclaimer,
      CassandraIndexing indexing) {
    this.session = session;
    this.serial = serial;
    this.lifecycle = lifecycle;
    this.sequences = sequences;
    this.reclaimer = reclaimer;
    this.indexEntries = indexing.entries();
    this.tableIndexes = indexing.tables();
    this.ticks = indexing.ticks();
    String table = keyspace + ".tables";
    String row = " WHERE account = ? AND canonical = ?";
    this.find = session.prepare("SELECT name, id, settings FROM " + table + row);
    this.insert =
        session.prepare(
            "INSERT INTO "
                + table
                + " (account, canonical, name, id) VALUES (?, ?, ?, ?) IF NOT EXISTS");
    this.delete = session.prepare("DELETE FROM " + table + row + " IF id = ?");
    this.list =
        session.prepare(
            "SELECT name, id, settings FROM "
                + table
                + " WHERE account = ? AND canonical >= ? LIMIT ?");
    this.policies = session.prepare("SELECT id, policies FROM " + table + row);
    this.setPolicies =
        session.prepare("UPDATE " + table + " SET policies = ?" + row + " IF id = ?");
    this.setSettings =
        session.prepare("UPDATE " + table + " SET settings = ?" + row + " IF id = ?");
  }

  @Override
  public Optional<TableInfo> createTable(String account, String name) {
    lifecycle.ensureOpen();
    return CassandraFailures.guard(() -> create(account, TableNames.canonical(name), name));
  }

  @Override
  public boolean deleteTable(String account, String name) {
    lifecycle.ensureOpen();
    return CassandraFailures.guard(() -> delete(account, TableNames.canonical(name)));
  }

  @Override
  public Optional<TableInfo> findTable(String account, String name) {
    lifecycle.ensureOpen();
    return CassandraFailures.guard(() -> find(account, TableNames.canonical(name), null));
  }

  /**
   * {@inheritDoc} The same read as {@link #findTable}, through the driver's async API ({@link
   * CassandraAsync}): no thread waits for the node.
   */
  @Override
  public CompletableFuture<Optional<TableInfo>> findTableAsync(String account, String name) {
    return CassandraAsync.start(
        () -> {
          lifecycle.ensureOpen();
          return session
              .executeAsync(find.bind(account, TableNames.canonical(name)).setIdempotent(true))
              .thenApply(
                  rows -> {
                    Row row = rows.one();
                    return row == null
                        ? Optional.<TableInfo>empty()
                        : Optional.of(seen(tableOf(account, row)));
                  });
        });
  }

  @Override
  public List<TableInfo> listTables(String account, String fromCanonicalName, int limit) {
    lifecycle.ensureOpen();
    String from = fromCanonicalName == null ? "" : fromCanonicalName;
    return CassandraFailures.guard(
        () -> {
          List<TableInfo> tables = new ArrayList<>();
          for (Row row : session.execute(list.bind(account, from, limit).setIdempotent(true))) {
            tables.add(seen(tableOf(account, row)));
          }
          return tables;
        });
  }

  @Override
  public Optional<List<AccessPolicy>> accessPolicies(String account, String name) {
    lifecycle.ensureOpen();
    Row row =
        CassandraFailures.guard(
            () ->
                session
                    .execute(policies.bind(account, TableNames.canonical(name)).setIdempotent(true))
                    .one());
    return row == null
        ? Optional.empty()
        : Optional.of(CassandraPolicyCodec.decode(row.getByteBuffer(1)));
  }

  @Override
  public boolean setAccessPolicies(String account, String name, List<AccessPolicy> policies) {
    ByteBuffer stored = CassandraPolicyCodec.encode(policies);
    return updateRow(
            account, name, (canonical, id) -> setPolicies.bind(stored, account, canonical, id))
        .isPresent();
  }

  /**
   * {@inheritDoc} An index the new settings no longer list (by id) then loses its entries: one
   * partition tombstone at a time from the commit clock, so entries written later (the same id
   * listed again) are kept. If that delete fails the settings are stored all the same and the
   * failure is reported; entries left behind are stale at worst, which reads check.
   */
  @Override
  public boolean setTableSettings(String account, String name, TableSettings settings) {
    ByteBuffer stored =
        settings.equals(TableSettings.NONE)
            ? null
            : ByteBuffer.wrap(TableSettingsCodec.encode(settings));
    Optional<TableInfo> before =
        updateRow(
            account, name, (canonical, id) -> setSettings.bind(stored, account, canonical, id));
    if (before.isEmpty()) {
      return false;
    }
    TableInfo table = before.get();
    tableIndexes.saw(new TableInfo(account, table.name(), table.id(), settings));
    Set<Integer> kept =
        settings.indexes().stream().map(IndexDefinition::id).collect(Collectors.toSet());
    CassandraFailures.guard(
        () -> {
          for (IndexDefinition index : table.settings().indexes()) {
            if (!kept.contains(index.id())) {
              indexEntries.drop(table.id(), index.id(), ticks.getAsLong());
            }
          }
        });
    return true;
  }

  /**
   * Whether the catalog still lists {@code table} (the same id under its name) with an index of
   * {@code index}'s id.
   */
  boolean listsIndex(TableInfo table, IndexDefinition index) {
    return CassandraFailures.guard(
        () ->
            find(table.account(), TableNames.canonical(table.name()), null)
                .filter(now -> now.id() == table.id())
                .map(now -> now.settings().indexes().stream().anyMatch(i -> i.id() == index.id()))
                .orElse(false));
  }

  /**
   * Applies a conditional update ({@code ... IF id = ?}) to the row of the table the name has now,
   * found at SERIAL; when the name was deleted and created again meanwhile (another id), finds it
   * again and retries, so the update lands on the table the name has, never on a deleted one.
   *
   * @return the table as found before the update, or empty when no table has the name
   */
  private Optional<TableInfo> updateRow(String account, String name, RowUpdate update) {
    lifecycle.ensureOpen();
    String canonical = TableNames.canonical(name);
    return CassandraFailures.guard(
        () -> {
          while (true) {
            Optional<TableInfo> table = find(account, canonical, serial);
            if (table.isEmpty()) {
              return table;
            }
            if (conditionally(update.of(canonical, table.get().id()))) {
              return table;
            }
          }
        });
  }

  /** A conditional update of a table's row, by its canonical name and id. */
  @FunctionalInterface
  private interface RowUpdate {
    BoundStatement of(String canonical, long id);
  }

  /**
   * A conditional update of the table's row; its outcome may be unknown on a timeout, and repeating
   * it is harmless (it sets the same value), so the caller's loop may run it again.
   */
  private boolean conditionally(BoundStatement update) {
    try {
      return session.execute(update).wasApplied();
    } catch (DriverException failure) {
      throw CassandraFailures.afterWrite(failure);
    }
  }

  private Optional<TableInfo> create(String account, String canonical, String name) {
    if (find(account, canonical, serial).isPresent()) {
      return Optional.empty();
    }
    TableInfo table = new TableInfo(account, name, sequences.increment(TABLE_IDS));
    try {
      boolean created =
          session.execute(insert.bind(account, canonical, name, table.id())).wasApplied();
      return created ? Optional.of(table) : Optional.empty();
    } catch (DriverException failure) {
      // As for entity writes (CassandraApply): never retried blindly, resolved by a SERIAL read.
      // The id is this call's alone, so finding it under the name proves the insert applied.
      if (CassandraFailures.outcomeUnknown(failure)
          && idAfter(account, canonical, failure).equals(OptionalLong.of(table.id()))) {
        return Optional.of(table);
      }
      throw CassandraFailures.afterWrite(failure);
    }
  }

  private boolean delete(String account, String canonical) {
    while (true) {
      Optional<TableInfo> table = find(account, canonical, serial);
      if (table.isEmpty()) {
        return false;
      }
      long id = table.get().id();
      boolean deleted;
      try {
        deleted = session.execute(delete.bind(account, canonical, id)).wasApplied();
      } catch (DriverException failure) {
        // Ids are never reused: once this id is no longer under the name, the table this call
        // found is gone, by this call or a racing delete; either way it is deleted as asked, and
        // reclaiming its data twice is harmless.
        OptionalLong now =
            CassandraFailures.outcomeUnknown(failure)
                ? idAfter(account, canonical, failure)
                : OptionalLong.of(id);
        if (now.isEmpty() || now.getAsLong() == id) {
          throw CassandraFailures.afterWrite(failure);
        }
        deleted = true;
      }
      if (deleted) {
        // Recorded only after the name is gone: a crash in between leaks space, never data.
        tableIndexes.forget(id);
        reclaimer.reclaim(
            id, table.get().settings().indexes().stream().map(IndexDefinition::id).toList());
        return true;
      }
    }
  }

  /**
   * The id under the name, read at SERIAL after a write with an unknown outcome: 0 when no table
   * has the name (ids start at 1), empty when this read failed too (recorded on {@code failure}).
   */
  private OptionalLong idAfter(String account, String canonical, DriverException failure) {
    try {
      return OptionalLong.of(find(account, canonical, serial).map(TableInfo::id).orElse(0L));
    } catch (DriverException again) {
      failure.addSuppressed(again);
      return OptionalLong.empty();
    }
  }

  private Optional<TableInfo> find(String account, String canonical, ConsistencyLevel level) {
    Row row =
        session
            .execute(find.bind(account, canonical).setConsistencyLevel(level).setIdempotent(true))
            .one();
    return row == null ? Optional.empty() : Optional.of(seen(tableOf(account, row)));
  }

  /** Notes the indexes of a table read from its row, for writes by id. */
  private TableInfo seen(TableInfo table) {
    tableIndexes.saw(table);
    return table;
  }

  /** A table from a row of (name, id, settings). */
  private static TableInfo tableOf(String account, Row row) {
    ByteBuffer stored = row.getByteBuffer(2);
    TableSettings settings =
        stored == null
            ? TableSettings.NONE
            : TableSettingsCodec.decode(CassandraRows.bytes(stored));
    return new TableInfo(account, row.getString(0), row.getLong(1), settings);
  }
}
