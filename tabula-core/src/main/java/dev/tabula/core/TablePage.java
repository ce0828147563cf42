package dev.tabula.core;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One page of Query Tables.
 *
 * @param tableNames the tables' names in the case they were created with, ordered by lower-cased
 *     name
 * @param nextTableName the name the next page starts at, or null when this is the last page
 */
public record TablePage(List<String> tableNames, @Nullable String nextTableName) {
  public TablePage {
    tableNames = List.copyOf(tableNames);
  }
}
