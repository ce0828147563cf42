package dev.tabula.core;

import dev.tabula.core.storage.TranslatingCatalog;
import dev.tabula.engine.Catalog;
import dev.tabula.engine.Stages;
import dev.tabula.engine.TableInfo;
import dev.tabula.model.Attempt;
import dev.tabula.model.Limits;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableNames;
import dev.tabula.query.Filter;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * The service's table operations (Create Table, Delete Table, Query Tables) over an engine's
 * catalog, with the service's validation and errors. Thread-safe.
 */
public final class TableService {
  private final Catalog catalog;
  private final CoalescedTableLookups lookups;

  public TableService(Catalog catalog) {
    this.catalog = TranslatingCatalog.of(catalog);
    this.lookups = new CoalescedTableLookups(this.catalog);
  }

  /**
   * Creates a table under the name as sent; 409 TableAlreadyExists when the name exists in any
   * case.
   */
  public void createTable(String account, String name) {
    TableNames.check(name);
    if (catalog.createTable(account, name).isEmpty()) {
      throw TableErrorCode.TABLE_ALREADY_EXISTS.exception();
    }
  }

  /**
   * Deletes a table and, at once, all its entities. A missing table is 404 ResourceNotFound: the
   * URL {@code Tables('name')} itself names the resource (TableNotFound is for entity operations).
   */
  public void deleteTable(String account, String name) {
    if (!catalog.deleteTable(account, name)) {
      throw TableErrorCode.RESOURCE_NOT_FOUND.exception();
    }
  }

  /**
   * The name, in the case it was created with, of the table {@code Tables('name')} names; 404
   * ResourceNotFound when there is none.
   */
  public String describeTable(String account, String name) {
    return catalog
        .findTable(account, name)
        .orElseThrow(TableErrorCode.RESOURCE_NOT_FOUND::exception)
        .name();
  }

  /** {@link #describeTable} without waiting: would-wait unless the engine holds the answer. */
  public Attempt<String> tryDescribeTable(String account, String name) {
    return catalog
        .tryFindTable(account, name)
        .map(found -> found.orElseThrow(TableErrorCode.RESOURCE_NOT_FOUND::exception).name());
  }

  /**
   * The table of that name (any case), with the engine's id the entity operations address it by;
   * 404 TableNotFound when there is none. Requests for the same table at the same time share
   * lookups ({@link CoalescedTableLookups}).
   */
  TableInfo table(String account, String name) {
    return Stages.join(tableAsync(account, name));
  }

  /** {@link #table} as a stage: the engine's lookup may wait without holding this thread. */
  CompletableFuture<TableInfo> tableAsync(String account, String name) {
    return lookups
        .find(account, name)
        .thenApply(found -> found.orElseThrow(TableErrorCode.TABLE_NOT_FOUND::exception));
  }

  /** {@link #table} without waiting: would-wait unless the engine holds the answer. */
  public Attempt<TableInfo> tryTable(String account, String name) {
    return catalog
        .tryFindTable(account, name)
        .map(found -> found.orElseThrow(TableErrorCode.TABLE_NOT_FOUND::exception));
  }

  /**
   * One page of the account's tables in name order.
   *
   * @param fromTableName the {@code NextTableName} of the previous page, or null
   * @param top the most tables to return, 1..1000, or null for the service's 1,000
   */
  public TablePage queryTables(
      String account, @Nullable String fromTableName, @Nullable Integer top) {
    return queryTables(account, null, fromTableName, top);
  }

  /**
   * One page of the account's tables in name order that pass a {@code $filter} on {@code TableName}
   * (see {@link TableQuery}).
   *
   * @param filter the parsed filter, or null for every table
   * @param fromTableName the {@code NextTableName} of the previous page, or null
   * @param top the most tables to return, 0..1000, or null for the service's 1,000; 0 is a last
   *     page with no tables, as for Query Entities (a continuation would make the SDKs page on
   *     forever; the service's answer to a valid filter with {@code $top=0} was not recorded)
   */
  public TablePage queryTables(
      String account,
      @Nullable Filter filter,
      @Nullable String fromTableName,
      @Nullable Integer top) {
    if (top != null && top == 0) {
      return new TablePage(List.of(), null);
    }
    int limit = top == null ? Limits.MAX_TABLE_PAGE_SIZE : top;
    String from = fromTableName == null ? null : TableNames.canonical(fromTableName);
    return TableQuery.page(catalog, account, filter, from, limit);
  }
}
