package dev.tabula.engine.tck;

import static dev.tabula.engine.tck.TestEntities.props;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.engine.KeyRange;
import dev.tabula.engine.TableInfo;
import dev.tabula.model.TableNames;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The catalog: names compare case-insensitively, keep their case, and ids are never reused. */
public interface CatalogContract extends EngineContext {

  @Test
  default void createTable_returnsTableWithNameAsGiven() {
    TableInfo table = catalog().createTable(ACCOUNT, "MyTable").orElseThrow();

    assertThat(table.account()).isEqualTo(ACCOUNT);
    assertThat(table.name()).isEqualTo("MyTable");
  }

  @Test
  default void createTable_sameNameInAnyCase_returnsEmpty() {
    TableInfo first = catalog().createTable(ACCOUNT, "Orders").orElseThrow();

    assertThat(catalog().createTable(ACCOUNT, "Orders")).isEmpty();
    assertThat(catalog().createTable(ACCOUNT, "oRDERS")).isEmpty();
    assertThat(catalog().findTable(ACCOUNT, "orders")).contains(first);
  }

  @Test
  default void createTable_sameNameInOtherAccount_isAnotherTable() {
    TableInfo mine = catalog().createTable(ACCOUNT, "Shared").orElseThrow();
    TableInfo theirs = catalog().createTable("other", "shared").orElseThrow();

    assertThat(theirs.id()).isNotEqualTo(mine.id());
    assertThat(catalog().findTable("other", "SHARED")).contains(theirs);
    assertThat(catalog().findTable(ACCOUNT, "SHARED")).contains(mine);
  }

  @Test
  default void findTable_ignoresCaseAndKeepsCreatedCase() {
    TableInfo table = catalog().createTable(ACCOUNT, "CamelCase").orElseThrow();

    assertThat(catalog().findTable(ACCOUNT, "camelcase")).contains(table);
    assertThat(catalog().findTable(ACCOUNT, "CAMELCASE").orElseThrow().name())
        .isEqualTo("CamelCase");
  }

  @Test
  default void findTable_unknownNameOrAccount_returnsEmpty() {
    catalog().createTable(ACCOUNT, "present");

    assertThat(catalog().findTable(ACCOUNT, "absent")).isEmpty();
    assertThat(catalog().findTable("nobody", "present")).isEmpty();
  }

  @Test
  default void listTables_ordersByLowerCasedName() {
    for (String name : List.of("beta", "Alpha", "GAMMA", "alphabet", "Beta2", "abc")) {
      catalog().createTable(ACCOUNT, name);
    }

    assertThat(names(catalog().listTables(ACCOUNT, null, 100)))
        .containsExactly("abc", "Alpha", "alphabet", "beta", "Beta2", "GAMMA");
  }

  @Test
  default void listTables_startsAtCanonicalNameInclusively() {
    for (String name : List.of("apple", "Banana", "cherry", "Date")) {
      catalog().createTable(ACCOUNT, name);
    }

    assertThat(names(catalog().listTables(ACCOUNT, "banana", 100)))
        .containsExactly("Banana", "cherry", "Date");
    assertThat(names(catalog().listTables(ACCOUNT, "bb", 100))).containsExactly("cherry", "Date");
    assertThat(names(catalog().listTables(ACCOUNT, "zzz", 100))).isEmpty();
  }

  @Test
  default void listTables_pagesThroughEveryTableOnce() {
    List<String> created = List.of("t01", "T02", "t03", "T04", "t05", "T06", "t07");
    created.forEach(name -> catalog().createTable(ACCOUNT, name));
    List<String> seen = new ArrayList<>();

    String from = null;
    while (true) {
      // Ask for one more than the page, as a caller does to learn the next page's first name.
      List<TableInfo> page = catalog().listTables(ACCOUNT, from, 3);
      assertThat(page).hasSizeLessThanOrEqualTo(3);
      if (page.size() < 3) {
        seen.addAll(names(page));
        break;
      }
      seen.addAll(names(page.subList(0, 2)));
      from = TableNames.canonical(page.get(2).name());
    }

    assertThat(seen).containsExactlyElementsOf(created);
  }

  @Test
  default void listTables_showsOnlyTheAccountsTables() {
    catalog().createTable(ACCOUNT, "mine");
    catalog().createTable("other", "theirs");

    assertThat(names(catalog().listTables(ACCOUNT, null, 100))).containsExactly("mine");
    assertThat(names(catalog().listTables("other", null, 100))).containsExactly("theirs");
    assertThat(catalog().listTables("nobody", null, 100)).isEmpty();
  }

  @Test
  default void deleteTable_removesItWhateverTheCase() {
    catalog().createTable(ACCOUNT, "Doomed");
    catalog().createTable(ACCOUNT, "kept");

    assertThat(catalog().deleteTable(ACCOUNT, "dOOMED")).isTrue();

    assertThat(catalog().findTable(ACCOUNT, "doomed")).isEmpty();
    assertThat(names(catalog().listTables(ACCOUNT, null, 100))).containsExactly("kept");
  }

  @Test
  default void deleteTable_unknown_returnsFalse() {
    catalog().createTable(ACCOUNT, "present");

    assertThat(catalog().deleteTable(ACCOUNT, "absent")).isFalse();
    assertThat(catalog().deleteTable("other", "present")).isFalse();
    assertThat(catalog().findTable(ACCOUNT, "present")).isPresent();
  }

  @Test
  default void deleteTable_thenCreateSameName_givesEmptyTableWithNewId() {
    TableInfo old = catalog().createTable(ACCOUNT, "Reused").orElseThrow();
    insert(old, "p", "r", props("v", 1));

    assertThat(catalog().deleteTable(ACCOUNT, "reused")).isTrue();
    TableInfo fresh = catalog().createTable(ACCOUNT, "REUSED").orElseThrow();

    assertThat(fresh.id()).isNotEqualTo(old.id());
    assertThat(fresh.name()).isEqualTo("REUSED");
    assertThat(read(fresh, "p", "r")).isEmpty();
    assertThat(store().scan(fresh.id(), request(KeyRange.ALL, 10)).entities()).isEmpty();
  }

  @Test
  default void findTable_afterDeletesAndRecreations_seesEachTableInTurn() {
    TableInfo first = catalog().createTable(ACCOUNT, "Cycle").orElseThrow();
    assertThat(catalog().findTable(ACCOUNT, "cycle")).contains(first);

    assertThat(catalog().deleteTable(ACCOUNT, "CYCLE")).isTrue();
    assertThat(catalog().findTable(ACCOUNT, "cycle")).isEmpty();
    assertThat(catalog().findTable(ACCOUNT, "Cycle")).isEmpty();

    TableInfo second = catalog().createTable(ACCOUNT, "CYCLE").orElseThrow();
    assertThat(catalog().findTable(ACCOUNT, "Cycle")).contains(second);
    assertThat(catalog().findTable(ACCOUNT, "cycle").orElseThrow().name()).isEqualTo("CYCLE");

    assertThat(catalog().deleteTable(ACCOUNT, "cycle")).isTrue();
    assertThat(catalog().findTable(ACCOUNT, "CYCLE")).isEmpty();
  }

  @Test
  default void deleteTable_makesItsEntitiesUnreachable() {
    TableInfo table = newTable();
    TableInfo neighbour = newTable();
    for (int i = 0; i < 20; i++) {
      insert(table, "p" + (i % 3), "r" + i, props("v", i));
    }
    insert(neighbour, "p0", "r0", props("v", 0));

    catalog().deleteTable(ACCOUNT, table.name());

    assertThat(read(table, "p0", "r0")).isEmpty();
    assertThat(store().scan(table.id(), request(KeyRange.ALL, 100)).entities()).isEmpty();
    assertThat(read(neighbour, "p0", "r0")).isPresent();
  }

  @Test
  default void tableIds_areNeverReused() {
    Set<Long> ids = new HashSet<>();
    for (int round = 0; round < 5; round++) {
      ids.add(catalog().createTable(ACCOUNT, "again").orElseThrow().id());
      ids.add(catalog().createTable(ACCOUNT, "other" + round).orElseThrow().id());
      catalog().deleteTable(ACCOUNT, "again");
    }

    assertThat(ids).hasSize(10);
  }

  private static List<String> names(List<TableInfo> tables) {
    return tables.stream().map(TableInfo::name).toList();
  }
}
