package dev.tabula.engine.memory;

import dev.tabula.engine.Catalog;
import dev.tabula.engine.TableInfo;
import dev.tabula.model.AccessPolicy;
import dev.tabula.model.EntityKey;
import dev.tabula.model.TableNames;
import dev.tabula.model.TableSettings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The memory engine's catalog: per account, tables by canonical name (each {@link TableInfo} with
 * its settings), and stored access policies by table id (so a re-created table starts without its
 * predecessor's). One monitor guards it; table operations are rare next to entity operations.
 */
final class MemoryCatalog implements Catalog {
  private final Map<String, NavigableMap<String, TableInfo>> accounts = new HashMap<>();
  private final Map<Long, List<AccessPolicy>> policies = new HashMap<>();
  private final MemoryEntityStore store;
  private final MemoryLifecycle lifecycle;
  private long nextId = 1;

  MemoryCatalog(MemoryEntityStore store, MemoryLifecycle lifecycle) {
    this.store = store;
    this.lifecycle = lifecycle;
  }

  @Override
  public synchronized Optional<TableInfo> createTable(String account, String name) {
    lifecycle.ensureOpen();
    NavigableMap<String, TableInfo> tables =
        accounts.computeIfAbsent(account, a -> new TreeMap<>(EntityKey.KEY_ORDER));
    String canonical = TableNames.canonical(name);
    if (tables.containsKey(canonical)) {
      return Optional.empty();
    }
    TableInfo table = new TableInfo(account, name, nextId++);
    store.addTable(table.id());
    tables.put(canonical, table);
    return Optional.of(table);
  }

  @Override
  public synchronized boolean deleteTable(String account, String name) {
    lifecycle.ensureOpen();
    NavigableMap<String, TableInfo> tables = accounts.get(account);
    TableInfo removed = tables == null ? null : tables.remove(TableNames.canonical(name));
    if (removed == null) {
      return false;
    }
    store.dropTable(removed.id());
    policies.remove(removed.id());
    return true;
  }

  @Override
  public synchronized Optional<TableInfo> findTable(String account, String name) {
    lifecycle.ensureOpen();
    NavigableMap<String, TableInfo> tables = accounts.get(account);
    return Optional.ofNullable(tables == null ? null : tables.get(TableNames.canonical(name)));
  }

  @Override
  public synchronized List<TableInfo> listTables(
      String account, @Nullable String fromCanonicalName, int limit) {
    lifecycle.ensureOpen();
    NavigableMap<String, TableInfo> tables = accounts.get(account);
    if (tables == null) {
      return List.of();
    }
    NavigableMap<String, TableInfo> from =
        fromCanonicalName == null ? tables : tables.tailMap(fromCanonicalName, true);
    return new ArrayList<>(from.values()).subList(0, Math.min(limit, from.size()));
  }

  @Override
  public synchronized Optional<List<AccessPolicy>> accessPolicies(String account, String name) {
    return findTable(account, name).map(t -> policies.getOrDefault(t.id(), List.of()));
  }

  @Override
  public synchronized boolean setAccessPolicies(
      String account, String name, List<AccessPolicy> newPolicies) {
    Optional<TableInfo> table = findTable(account, name);
    table.ifPresent(t -> policies.put(t.id(), List.copyOf(newPolicies)));
    return table.isPresent();
  }

  @Override
  public synchronized boolean setTableSettings(
      String account, String name, TableSettings settings) {
    lifecycle.ensureOpen();
    NavigableMap<String, TableInfo> tables = accounts.get(account);
    String canonical = TableNames.canonical(name);
    TableInfo table = tables == null ? null : tables.get(canonical);
    if (tables == null || table == null) {
      return false;
    }
    tables.put(canonical, new TableInfo(account, table.name(), table.id(), settings));
    store.setIndexes(table.id(), settings.indexes());
    return true;
  }
}
