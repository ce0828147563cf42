package dev.tabula.engine;

import dev.tabula.model.TableSettings;
import java.util.Objects;

/**
 * A table as the catalog knows it: the account it belongs to, its name in the case it was created
 * with, an internal id that is never reused, so a deleted table's data can be reclaimed in the
 * background while a new table of the same name starts empty, and its extension settings.
 */
public record TableInfo(String account, String name, long id, TableSettings settings) {
  public TableInfo {
    Objects.requireNonNull(account, "account");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(settings, "settings");
  }

  /** A table with no extension settings ({@link TableSettings#NONE}). */
  public TableInfo(String account, String name, long id) {
    this(account, name, id, TableSettings.NONE);
  }
}
