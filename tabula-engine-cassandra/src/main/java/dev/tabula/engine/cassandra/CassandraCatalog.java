package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.tabula.engine.AccessPolicy;
import dev.tabula.engine.Catalog;
import dev.tabula.engine.TableInfo;
import dev.tabula.model.TableNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The catalog in the {@code tables} table: one Cassandra partition per account, clustered by the
 * lower-cased name, so listing is one ordered read. Every change is a lightweight transaction on
 * the table's row, so two servers creating the same name get one table, and an access-policy
 * update never lands on a table deleted and created again meanwhile ({@code IF id = ?}). Ids come
 * from a compare-and-set counter and are never reused.
 *
 * <p>Deleting a table removes its row at once, so the name is free again, and hands the id to
 * {@link CassandraReclaimer}, which removes the entities in the background. Thread-safe.
 */
final class CassandraCatalog implements Catalog {
  private static final String TABLE_IDS = "table_id";

  private final CqlSession session;
  private final ConsistencyLevel serial;
  private final CassandraLifecycle lifecycle;
  private final CassandraSequences sequences;
  private final CassandraReclaimer reclaimer;
  private final PreparedStatement find;
  private final PreparedStatement insert;
  private final PreparedStatement delete;
  private final PreparedStatement list;
  private final PreparedStatement policies;
  private final PreparedStatement setPolicies;

  CassandraCatalog(CqlSession session, String keyspace, ConsistencyLevel serial,
      CassandraLifecycle lifecycle, CassandraSequences sequences, CassandraReclaimer reclaimer) {
    this.session = session;
    this.serial = serial;
    this.lifecycle = lifecycle;
    this.sequences = sequences;
    this.reclaimer = reclaimer;
    String table = keyspace + ".tables";
    String row = " WHERE account = ? AND canonical = ?";
    this.find = session.prepare("SELECT name, id FROM " + table + row);
    this.insert = session.prepare("INSERT INTO " + table
        + " (account, canonical, name, id) VALUES (?, ?, ?, ?) IF NOT EXISTS");
    this.delete = session.prepare("DELETE FROM " + table + row + " IF id = ?");
    this.list = session.prepare(
        "SELECT name, id FROM " + table + " WHERE account = ? AND canonical >= ? LIMIT ?");
    this.policies = session.prepare("SELECT id, policies FROM " + table + row);
    this.setPolicies =
        session.prepare("UPDATE " + table + " SET policies = ?" + row + " IF id = ?");
  }

  @Override
  public Optional<TableInfo> createTable(String account, String name) {
    lifecycle.ensureOpen();
    String canonical = TableNames.canonical(name);
    if (find(account, canonical, serial).isPresent()) {
      return Optional.empty();
    }
    long id = sequences.increment(TABLE_IDS);
    boolean created =
        session.execute(insert.bind(account, canonical, name, id)).wasApplied();
    return created ? Optional.of(new TableInfo(account, name, id)) : Optional.empty();
  }

  @Override
  public boolean deleteTable(String account, String name) {
    lifecycle.ensureOpen();
    String canonical = TableNames.canonical(name);
    while (true) {
      Optional<TableInfo> table = find(account, canonical, serial);
      if (table.isEmpty()) {
        return false;
      }
      long id = table.get().id();
      if (session.execute(delete.bind(account, canonical, id)).wasApplied()) {
        // Recorded only after the name is gone: a crash in between leaks space, never data.
        reclaimer.reclaim(id);
        return true;
      }
    }
  }

  @Override
  public Optional<TableInfo> findTable(String account, String name) {
    lifecycle.ensureOpen();
    return find(account, TableNames.canonical(name), null);
  }

  @Override
  public List<TableInfo> listTables(String account, String fromCanonicalName, int limit) {
    lifecycle.ensureOpen();
    String from = fromCanonicalName == null ? "" : fromCanonicalName;
    List<TableInfo> tables = new ArrayList<>();
    for (Row row : session.execute(list.bind(account, from, limit))) {
      tables.add(new TableInfo(account, row.getString(0), row.getLong(1)));
    }
    return tables;
  }

  @Override
  public Optional<List<AccessPolicy>> accessPolicies(String account, String name) {
    lifecycle.ensureOpen();
    Row row = session.execute(policies.bind(account, TableNames.canonical(name))).one();
    return row == null
        ? Optional.empty()
        : Optional.of(CassandraPolicyCodec.decode(row.getByteBuffer(1)));
  }

  @Override
  public boolean setAccessPolicies(String account, String name, List<AccessPolicy> policies) {
    lifecycle.ensureOpen();
    String canonical = TableNames.canonical(name);
    while (true) {
      Optional<TableInfo> table = find(account, canonical, serial);
      if (table.isEmpty()) {
        return false;
      }
      if (session.execute(setPolicies.bind(CassandraPolicyCodec.encode(policies), account,
          canonical, table.get().id())).wasApplied()) {
        return true;
      }
    }
  }

  private Optional<TableInfo> find(String account, String canonical, ConsistencyLevel level) {
    Row row = session.execute(find.bind(account, canonical).setConsistencyLevel(level)).one();
    return row == null
        ? Optional.empty()
        : Optional.of(new TableInfo(account, row.getString(0), row.getLong(1)));
  }
}
