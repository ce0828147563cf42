package dev.tabula.core;

import dev.tabula.engine.Catalog;
import dev.tabula.engine.TableInfo;
import dev.tabula.model.TableNames;
import dev.tabula.query.Filter;
import dev.tabula.query.FilterEvaluator;
import dev.tabula.query.PropertySource;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One page of Query Tables with an optional {@code $filter} over {@code TableName}: walks the
 * catalog in name order, keeps the tables the filter accepts, and continues at the next table to
 * read. Filters compare the name as created (case-sensitively, like any string property); any other
 * property is absent on a table, so comparisons on it match nothing. Stateless.
 */
final class TableQuery {
  /** Tables read from the catalog per call. */
  private static final int CHUNK = 1000;

  private TableQuery() {}

  /**
   * @param fromCanonicalName the lower-cased name to start at, or null
   * @param limit the most tables in the page
   */
  static TablePage page(
      Catalog catalog,
      String account,
      @Nullable Filter filter,
      @Nullable String fromCanonicalName,
      int limit) {
    List<String> kept = new ArrayList<>();
    String cursor = fromCanonicalName;
    while (true) {
      List<TableInfo> batch = catalog.listTables(account, cursor, CHUNK + 1);
      for (int i = 0; i < Math.min(batch.size(), CHUNK); i++) {
        TableInfo table = batch.get(i);
        if (kept.size() == limit) {
          return new TablePage(kept, table.name());
        }
        if (FilterEvaluator.matches(filter, PropertySource.ofTable(table.name()))) {
          kept.add(table.name());
        }
      }
      if (batch.size() <= CHUNK) {
        return new TablePage(kept, null);
      }
      cursor = TableNames.canonical(batch.get(CHUNK).name());
    }
  }
}
