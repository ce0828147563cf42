package dev.tabula.core;

import dev.tabula.core.storage.TranslatingCatalog;
import dev.tabula.engine.Capability;
import dev.tabula.engine.Catalog;
import dev.tabula.engine.TableInfo;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableSettings;
import java.util.Set;

/**
 * A table's extension settings (docs/extensions.md, "Table settings"): read and replaced whole,
 * with what the engine can do checked first. Thread-safe.
 */
public final class TableSettingsService {
  private final Catalog catalog;
  private final Set<Capability> capabilities;

  /**
   * @param capabilities what the engine promises: a change feed needs {@link
   *     Capability#CHANGE_FEED}
   */
  public TableSettingsService(Catalog catalog, Set<Capability> capabilities) {
    this.catalog = TranslatingCatalog.of(catalog);
    this.capabilities = Set.copyOf(capabilities);
  }

  /** The table's settings; 404 TableNotFound without the table, as Get Table ACL answers. */
  public TableSettings get(String account, String table) {
    return catalog
        .findTable(account, table)
        .map(TableInfo::settings)
        .orElseThrow(TableErrorCode.TABLE_NOT_FOUND::exception);
  }

  /**
   * Replaces the table's settings.
   *
   * @throws dev.tabula.model.TableException 501 NotImplemented for a change feed on an engine
   *     without {@link Capability#CHANGE_FEED}, checked before the table; 404 TableNotFound without
   *     the table
   */
  public void set(String account, String table, TableSettings settings) {
    if (settings.hasChangeFeed() && !capabilities.contains(Capability.CHANGE_FEED)) {
      throw TableErrorCode.NOT_IMPLEMENTED.exception(
          "This server's storage engine cannot keep a change feed (it lacks the CHANGE_FEED"
              + " capability); see docs/extensions.md.");
    }
    if (!catalog.setTableSettings(account, table, settings)) {
      throw TableErrorCode.TABLE_NOT_FOUND.exception();
    }
  }
}
