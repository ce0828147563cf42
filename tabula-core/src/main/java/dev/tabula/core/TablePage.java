package dev.tabula.core;

import dev.tabula.engine.TableInfo;
import java.util.List;

/**
 * One page of Query Tables.
 *
 * @param tables the tables, ordered by lower-cased name
 * @param nextTableName the name the next page starts at, or null when this is the last page
 */
public record TablePage(List<TableInfo> tables, String nextTableName) {
  public TablePage {
    tables = List.copyOf(tables);
  }
}
