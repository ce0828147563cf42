package dev.tabula.engine.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tabula.engine.Capability;
import dev.tabula.engine.TableInfo;
import dev.tabula.model.TableSettings;
import dev.tabula.model.TimeToLive;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A table's extension settings: none on a new table, carried by every lookup and listing of the
 * table after a set, replaced whole, kept by table id (gone with the table, never inherited by a
 * table created again under its name), and kept across a reopen by a persistent engine.
 */
public interface TableSettingsContract extends EngineContext {

  TableSettings EVERYTHING =
      new TableSettings(TimeToLive.after(Duration.ofMillis(3_600_123)), Duration.ofDays(7));
  TableSettings TTL_WITHOUT_DEFAULT =
      TableSettings.NONE.withTimeToLive(TimeToLive.withoutDefault());

  @Test
  default void settings_ofNewTable_areNone() {
    TableInfo table = newTable();

    assertThat(table.settings()).isEqualTo(TableSettings.NONE);
    assertThat(catalog().findTable(ACCOUNT, table.name()))
        .map(TableInfo::settings)
        .contains(TableSettings.NONE);
  }

  @Test
  default void setTableSettings_ofUnknownTable_isFalse() {
    assertThat(catalog().setTableSettings(ACCOUNT, "nosuchtable", EVERYTHING)).isFalse();
    assertThat(catalog().findTable(ACCOUNT, "nosuchtable")).isEmpty();
  }

  @Test
  default void setTableSettings_isCarriedByLookupsAndListings() {
    TableInfo table = newTable();

    assertThat(catalog().setTableSettings(ACCOUNT, table.name().toUpperCase(), EVERYTHING))
        .isTrue();

    assertThat(catalog().findTable(ACCOUNT, table.name()))
        .contains(new TableInfo(ACCOUNT, table.name(), table.id(), EVERYTHING));
    assertThat(catalog().listTables(ACCOUNT, null, 1_000))
        .filteredOn(listed -> listed.id() == table.id())
        .extracting(TableInfo::settings)
        .containsExactly(EVERYTHING);
  }

  @Test
  default void setTableSettings_replacesThemWhole() {
    TableInfo table = newTable();
    catalog().setTableSettings(ACCOUNT, table.name(), EVERYTHING);

    catalog().setTableSettings(ACCOUNT, table.name(), TTL_WITHOUT_DEFAULT);
    assertThat(catalog().findTable(ACCOUNT, table.name()))
        .map(TableInfo::settings)
        .contains(TTL_WITHOUT_DEFAULT);

    catalog().setTableSettings(ACCOUNT, table.name(), TableSettings.NONE);
    assertThat(catalog().findTable(ACCOUNT, table.name()))
        .map(TableInfo::settings)
        .contains(TableSettings.NONE);
  }

  @Test
  default void settings_belongToOneTable() {
    TableInfo mine = newTable();
    TableInfo other = newTable();
    catalog().createTable("other", mine.name());

    catalog().setTableSettings(ACCOUNT, mine.name(), EVERYTHING);

    assertThat(catalog().findTable(ACCOUNT, other.name()))
        .map(TableInfo::settings)
        .contains(TableSettings.NONE);
    assertThat(catalog().findTable("other", mine.name()))
        .map(TableInfo::settings)
        .contains(TableSettings.NONE);
  }

  @Test
  default void settings_areGoneAfterDeleteAndRecreate() {
    TableInfo table = newTable();
    catalog().setTableSettings(ACCOUNT, table.name(), EVERYTHING);

    catalog().deleteTable(ACCOUNT, table.name());
    TableInfo again = catalog().createTable(ACCOUNT, table.name()).orElseThrow();

    assertThat(again.settings()).isEqualTo(TableSettings.NONE);
    assertThat(catalog().findTable(ACCOUNT, table.name()))
        .map(TableInfo::settings)
        .contains(TableSettings.NONE);
  }

  @Test
  default void settings_surviveReopen() {
    assumeTrue(engine().capabilities().contains(Capability.PERSISTENT));
    TableInfo table = newTable();
    TableInfo cleared = newTable();
    catalog().setTableSettings(ACCOUNT, table.name(), EVERYTHING);
    catalog().setTableSettings(ACCOUNT, cleared.name(), TTL_WITHOUT_DEFAULT);
    catalog().setTableSettings(ACCOUNT, cleared.name(), TableSettings.NONE);

    reopen();

    assertThat(catalog().findTable(ACCOUNT, table.name()))
        .map(TableInfo::settings)
        .contains(EVERYTHING);
    assertThat(catalog().findTable(ACCOUNT, cleared.name()))
        .map(TableInfo::settings)
        .contains(TableSettings.NONE);
  }
}
