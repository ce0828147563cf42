package dev.tabula.engine.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tabula.engine.Capability;
import dev.tabula.engine.TableInfo;
import dev.tabula.model.AccessPolicy;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Stored access policies: kept with their table in the order set, replaced whole, found by the
 * table's name in any case, and gone with the table.
 */
public interface AccessPolicyContract extends EngineContext {

  AccessPolicy FULL =
      new AccessPolicy(
          "full",
          Instant.parse("2021-07-08T09:10:09.1234567Z"),
          Instant.parse("2031-07-08T09:10:09Z"),
          "raud");
  AccessPolicy EMPTY = new AccessPolicy("empty", null, null, null);
  AccessPolicy PARTIAL = new AccessPolicy("p\u00e4rtial \uD83D\uDE00", null, null, "r");

  @Test
  default void accessPolicies_ofNewTable_areEmpty() {
    TableInfo table = newTable();

    assertThat(catalog().accessPolicies(ACCOUNT, table.name())).contains(List.of());
  }

  @Test
  default void accessPolicies_ofUnknownTable_areAbsent() {
    assertThat(catalog().accessPolicies(ACCOUNT, "nosuchtable")).isEmpty();
    assertThat(catalog().setAccessPolicies(ACCOUNT, "nosuchtable", List.of(FULL))).isFalse();
    assertThat(catalog().accessPolicies(ACCOUNT, "nosuchtable")).isEmpty();
  }

  @Test
  default void setAccessPolicies_keepsEveryFieldAndTheOrder() {
    TableInfo table = newTable();

    assertThat(catalog().setAccessPolicies(ACCOUNT, table.name(), List.of(PARTIAL, FULL, EMPTY)))
        .isTrue();

    assertThat(catalog().accessPolicies(ACCOUNT, table.name().toUpperCase()))
        .contains(List.of(PARTIAL, FULL, EMPTY));
  }

  @Test
  default void setAccessPolicies_replacesThemAll() {
    TableInfo table = newTable();
    catalog().setAccessPolicies(ACCOUNT, table.name(), List.of(FULL, PARTIAL));

    catalog().setAccessPolicies(ACCOUNT, table.name(), List.of(EMPTY));
    assertThat(catalog().accessPolicies(ACCOUNT, table.name())).contains(List.of(EMPTY));

    catalog().setAccessPolicies(ACCOUNT, table.name(), List.of());
    assertThat(catalog().accessPolicies(ACCOUNT, table.name())).contains(List.of());
  }

  @Test
  default void accessPolicies_belongToOneTable() {
    TableInfo mine = newTable();
    TableInfo other = newTable();
    catalog().createTable("other", mine.name());

    catalog().setAccessPolicies(ACCOUNT, mine.name(), List.of(FULL));

    assertThat(catalog().accessPolicies(ACCOUNT, other.name())).contains(List.of());
    assertThat(catalog().accessPolicies("other", mine.name())).contains(List.of());
  }

  @Test
  default void accessPolicies_areGoneAfterDeleteAndRecreate() {
    TableInfo table = newTable();
    catalog().setAccessPolicies(ACCOUNT, table.name(), List.of(FULL, PARTIAL));

    catalog().deleteTable(ACCOUNT, table.name());
    assertThat(catalog().accessPolicies(ACCOUNT, table.name())).isEmpty();
    catalog().createTable(ACCOUNT, table.name());

    assertThat(catalog().accessPolicies(ACCOUNT, table.name())).contains(List.of());
  }

  @Test
  default void accessPolicies_surviveReopen() {
    assumeTrue(engine().capabilities().contains(Capability.PERSISTENT));
    TableInfo table = newTable();
    TableInfo cleared = newTable();
    catalog().setAccessPolicies(ACCOUNT, table.name(), List.of(FULL, EMPTY, PARTIAL));
    catalog().setAccessPolicies(ACCOUNT, cleared.name(), List.of(FULL));
    catalog().setAccessPolicies(ACCOUNT, cleared.name(), List.of());

    reopen();

    assertThat(catalog().accessPolicies(ACCOUNT, table.name()))
        .contains(List.of(FULL, EMPTY, PARTIAL));
    assertThat(catalog().accessPolicies(ACCOUNT, cleared.name())).contains(List.of());
  }
}
