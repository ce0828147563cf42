package dev.tabula.core;

import static dev.tabula.core.Refusals.assertRefused;
import static dev.tabula.core.ServicesOnMemoryEngine.ACCOUNT;
import static dev.tabula.core.ServicesOnMemoryEngine.entity;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.EntityKey;
import dev.tabula.model.TableErrorCode;
import dev.tabula.query.FilterParser;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link TableService} over the in-memory engine: Create, Delete, find and Query Tables. */
class TableServiceTest {
  private final ServicesOnMemoryEngine services = new ServicesOnMemoryEngine();
  private final TableService tables = services.tables;

  @AfterEach
  void close() {
    services.close();
  }

  private List<String> names(TablePage page) {
    return page.tableNames();
  }

  @Test
  void createTable_keepsTheNameAsGiven_andFindsItInAnyCase() {
    tables.createTable(ACCOUNT, "MixedCase");

    assertThat(tables.table(ACCOUNT, "mixedcase").name()).isEqualTo("MixedCase");
    assertThat(tables.describeTable(ACCOUNT, "MIXEDCASE")).isEqualTo("MixedCase");
  }

  @Test
  void createTable_whenTheNameExistsInAnotherCase_isRefusedWithTableAlreadyExists() {
    tables.createTable(ACCOUNT, "orders");

    assertRefused(TableErrorCode.TABLE_ALREADY_EXISTS, () -> tables.createTable(ACCOUNT, "ORDERS"));
  }

  @Test
  void createTable_withANameThatIsNotAlphanumeric_isRefusedWithInvalidResourceName() {
    assertRefused(
        TableErrorCode.INVALID_RESOURCE_NAME, () -> tables.createTable(ACCOUNT, "no-dashes"));
  }

  @Test
  void tables_belongToTheirAccount() {
    tables.createTable(ACCOUNT, "shared");

    assertRefused(TableErrorCode.TABLE_NOT_FOUND, () -> tables.table("other", "shared"));
    tables.createTable("other", "shared"); // no conflict across accounts
  }

  @Test
  void deleteTable_removesItsEntities_soARecreatedTableIsEmpty() {
    tables.createTable(ACCOUNT, "gone");
    services.entities.insert(ACCOUNT, "gone", entity("p", "r")).join();

    tables.deleteTable(ACCOUNT, "GONE");
    tables.createTable(ACCOUNT, "gone");

    assertRefused(
        TableErrorCode.RESOURCE_NOT_FOUND,
        () -> services.entities.get(ACCOUNT, "gone", new EntityKey("p", "r")));
  }

  @Test
  void deleteTable_ofAMissingTable_isRefusedWithResourceNotFound() {
    assertRefused(TableErrorCode.RESOURCE_NOT_FOUND, () -> tables.deleteTable(ACCOUNT, "absent"));
  }

  @Test
  void aMissingTable_isResourceNotFoundAsTheUrlsResource_andTableNotFoundForItsEntities() {
    assertRefused(TableErrorCode.RESOURCE_NOT_FOUND, () -> tables.describeTable(ACCOUNT, "absent"));
    assertRefused(TableErrorCode.TABLE_NOT_FOUND, () -> tables.table(ACCOUNT, "absent"));
  }

  @Test
  void queryTables_pagesInNameOrder_andEachPageNamesTheNextTable() {
    for (String name : List.of("delta", "Alpha", "charlie", "Bravo", "echo")) {
      tables.createTable(ACCOUNT, name);
    }

    List<String> seen = new ArrayList<>();
    String next = null;
    int pages = 0;
    do {
      TablePage page = tables.queryTables(ACCOUNT, next, 2);
      assertThat(page.tableNames()).hasSizeLessThanOrEqualTo(2);
      seen.addAll(names(page));
      next = page.nextTableName();
      pages++;
    } while (next != null);

    assertThat(seen).containsExactly("Alpha", "Bravo", "charlie", "delta", "echo");
    assertThat(pages).isEqualTo(3);
  }

  @Test
  void queryTables_withTopZero_isALastPageWithoutTables() {
    tables.createTable(ACCOUNT, "one");

    TablePage page = tables.queryTables(ACCOUNT, null, 0);

    assertThat(page.tableNames()).isEmpty();
    assertThat(page.nextTableName()).isNull();
  }

  @Test
  void queryTables_withAFilterOnTableName_keepsTheTablesItAccepts() {
    for (String name : List.of("apples", "bananas", "cherries")) {
      tables.createTable(ACCOUNT, name);
    }

    TablePage page =
        tables.queryTables(ACCOUNT, FilterParser.parse("TableName ge 'b'"), null, null);

    assertThat(names(page)).containsExactly("bananas", "cherries");
    assertThat(page.nextTableName()).isNull();
  }

  @Test
  void queryTables_listsOnlyTheAccountsTables() {
    tables.createTable(ACCOUNT, "mine");
    tables.createTable("other", "theirs");

    assertThat(names(tables.queryTables(ACCOUNT, null, null))).containsExactly("mine");
  }
}
