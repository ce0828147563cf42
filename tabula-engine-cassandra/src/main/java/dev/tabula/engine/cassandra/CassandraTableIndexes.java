package dev.tabula.engine.cassandra;

import dev.tabula.engine.TableInfo;
import dev.tabula.model.IndexDefinition;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The indexes of each table as this engine's catalog last read or set them, for the writes that
 * name a table by id only ({@link dev.tabula.engine.EntityStore#applyAsync(long, String, List)}):
 * core's request paths pass the table they looked up, whose settings come from the catalog row read
 * for that request, and use those instead. In the server, only the expiry sweep writes by id, and
 * it only deletes, so a list older than another server's settings can only leave a stale entry
 * behind, never miss one. Thread-safe.
 */
final class CassandraTableIndexes {
  private final Map<Long, List<IndexDefinition>> byTable = new ConcurrentHashMap<>();

  /** Records the indexes of a table the catalog has just read or updated. */
  void saw(TableInfo table) {
    List<IndexDefinition> indexes = table.settings().indexes();
    if (indexes.isEmpty()) {
      byTable.remove(table.id());
    } else {
      byTable.put(table.id(), indexes);
    }
  }

  /** The indexes last seen for the table, or none. */
  List<IndexDefinition> of(long tableId) {
    return byTable.getOrDefault(tableId, List.of());
  }

  /** Forgets a deleted table. */
  void forget(long tableId) {
    byTable.remove(tableId);
  }
}
