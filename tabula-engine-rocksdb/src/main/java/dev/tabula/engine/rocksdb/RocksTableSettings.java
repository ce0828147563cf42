package dev.tabula.engine.rocksdb;

import dev.tabula.engine.TableInfo;
import dev.tabula.model.TableSettings;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The extension settings of every table that has some, held in memory: loaded from the catalog's
 * settings records when the engine opens and changed only after the catalog's write of them, so a
 * lookup never reads the files for them and never sees settings older than the last write. Only
 * tables with settings other than {@link TableSettings#NONE} take memory. Thread-safe.
 */
final class RocksTableSettings {
  private final Map<Long, TableSettings> byTableId = new ConcurrentHashMap<>();

  /** The settings of a table id; {@link TableSettings#NONE} when it has none. */
  TableSettings of(long tableId) {
    return byTableId.getOrDefault(tableId, TableSettings.NONE);
  }

  /** {@code table} with its current settings. */
  TableInfo attachTo(TableInfo table) {
    TableSettings settings = of(table.id());
    return settings.equals(table.settings())
        ? table
        : new TableInfo(table.account(), table.name(), table.id(), settings);
  }

  /** Records the settings a catalog write stored (NONE forgets the table). */
  void put(long tableId, TableSettings settings) {
    if (settings.equals(TableSettings.NONE)) {
      byTableId.remove(tableId);
    } else {
      byTableId.put(tableId, settings);
    }
  }

  /** Forgets a deleted table's settings. */
  void forget(long tableId) {
    byTableId.remove(tableId);
  }
}
