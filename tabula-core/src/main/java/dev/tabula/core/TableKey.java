package dev.tabula.core;

import dev.tabula.model.TableNames;

/**
 * A table as this server keys what it holds per table: table names are case-insensitive, so one key
 * however a client spells the name.
 */
record TableKey(String account, String canonicalTable) {
  static TableKey of(String account, String table) {
    return new TableKey(account, TableNames.canonical(table));
  }
}
