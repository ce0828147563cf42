package dev.tabula.core;

import dev.tabula.core.index.IndexBuilds;
import dev.tabula.core.index.IndexDefinitions;
import dev.tabula.core.storage.TranslatingCatalog;
import dev.tabula.engine.Capability;
import dev.tabula.engine.Catalog;
import dev.tabula.engine.TableInfo;
import dev.tabula.model.IndexDefinition;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A table's extension settings (docs/extensions.md, "Table settings"): read and replaced whole,
 * with what the engine can do checked first. A replacement's indexes are matched with the table's
 * ({@link IndexDefinitions}); new ones are built in the background ({@link IndexBuilds}) and marked
 * ready by this service when built. Changes are made one at a time, so that a build's completion
 * never overwrites a newer document. One per server. Thread-safe.
 */
public final class TableSettingsService {
  private final Catalog catalog;
  private final Set<Capability> capabilities;
  private final IndexBuilds builds;

  /**
   * @param capabilities what the engine promises: a change feed needs {@link
   *     Capability#CHANGE_FEED}, indexes {@link Capability#SECONDARY_INDEXES}
   * @param builds where new indexes are built; this service marks them ready
   */
  public TableSettingsService(Catalog catalog, Set<Capability> capabilities, IndexBuilds builds) {
    this.catalog = TranslatingCatalog.of(catalog);
    this.capabilities = Set.copyOf(capabilities);
    this.builds = builds;
    builds.onBuilt(this::markReady);
  }

  /** The table's settings; 404 TableNotFound without the table, as Get Table ACL answers. */
  public TableSettings get(String account, String table) {
    return catalog
        .findTable(account, table)
        .map(TableInfo::settings)
        .orElseThrow(TableErrorCode.TABLE_NOT_FOUND::exception);
  }

  /**
   * Replaces the table's settings. Indexes are matched by name and property with the table's; a new
   * one starts building.
   *
   * @throws dev.tabula.model.TableException 501 NotImplemented for a change feed on an engine
   *     without {@link Capability#CHANGE_FEED}, or indexes on one without {@link
   *     Capability#SECONDARY_INDEXES}, checked before the table; 404 TableNotFound without the
   *     table
   */
  public synchronized void set(String account, String table, TableSettings settings) {
    if (settings.hasChangeFeed() && !capabilities.contains(Capability.CHANGE_FEED)) {
      throw TableErrorCode.NOT_IMPLEMENTED.exception(
          "This server's storage engine cannot keep a change feed (it lacks the CHANGE_FEED"
              + " capability); see docs/extensions.md.");
    }
    if (!settings.indexes().isEmpty() && !capabilities.contains(Capability.SECONDARY_INDEXES)) {
      throw TableErrorCode.NOT_IMPLEMENTED.exception(
          "This server's storage engine cannot keep secondary indexes (it lacks the"
              + " SECONDARY_INDEXES capability); see docs/extensions.md.");
    }
    List<IndexDefinition> before = get(account, table).indexes();
    List<IndexDefinition> after = IndexDefinitions.resolve(before, settings.indexes());
    if (!catalog.setTableSettings(account, table, settings.withIndexes(after))) {
      throw TableErrorCode.TABLE_NOT_FOUND.exception();
    }
    for (IndexDefinition added : IndexDefinitions.added(before, after)) {
      builds.submit(account, table, added);
    }
  }

  /** Marks a built index ready, if the table still has it as it was built. */
  private synchronized void markReady(String account, String table, IndexDefinition built) {
    TableInfo info = catalog.findTable(account, table).orElse(null);
    if (info == null || !info.settings().indexes().contains(built)) {
      return;
    }
    List<IndexDefinition> indexes = new ArrayList<>(info.settings().indexes());
    indexes.set(indexes.indexOf(built), built.withState(IndexDefinition.State.READY));
    catalog.setTableSettings(account, table, info.settings().withIndexes(indexes));
  }
}
