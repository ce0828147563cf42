package dev.tabula.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The settings document read from the server and written back: a PUT replaces every setting, so
 * what was read must be sent again (an index left out would be dropped), and members the command
 * does not know are skipped. Broken once: with {@code json()} writing only the time-to-live and the
 * change feed (as before indexes), {@code ttlChange_carriesTheIndexes} failed.
 */
class TableSettingsDocumentTest {
  private static final String WITH_INDEXES =
      """
      {"timeToLive": 3600, "changeFeed": {"retentionSeconds": 60, "future": [1, {"x": 2}]},
       "somethingNew": {"a": [1, 2]},
       "indexes": [{"name": "byStatus", "property": "Status", "state": "ready", "extra": {}},
                   {"name": "byCity", "state": "building", "property": "City"}, 7]}
      """;

  @Test
  void parse_readsTheIndexes_andSkipsUnknownMembers() throws IOException {
    TableSettingsDocument settings = TableSettingsDocument.parse(WITH_INDEXES);

    assertThat(settings.timeToLive()).isEqualTo(3600L);
    assertThat(settings.changeFeedRetention()).isEqualTo(60L);
    assertThat(settings.indexes())
        .containsExactly(
            new TableIndex("byStatus", "Status", "ready"),
            new TableIndex("byCity", "City", "building"));
  }

  @Test
  void ttlChange_carriesTheIndexes_byNameAndProperty() throws IOException {
    TableSettingsDocument changed = TableSettingsDocument.parse(WITH_INDEXES).withTimeToLive(null);

    assertThat(changed.json())
        .isEqualTo(
            "{\"timeToLive\":null,\"changeFeed\":{\"retentionSeconds\":60},"
                + "\"indexes\":[{\"name\":\"byStatus\",\"property\":\"Status\"},"
                + "{\"name\":\"byCity\",\"property\":\"City\"}]}");
  }

  @Test
  void roundTrip_keepsEverySetting() throws IOException {
    TableSettingsDocument settings = TableSettingsDocument.parse(WITH_INDEXES);

    TableSettingsDocument again = TableSettingsDocument.parse(settings.json());

    assertThat(again.timeToLive()).isEqualTo(settings.timeToLive());
    assertThat(again.changeFeedRetention()).isEqualTo(settings.changeFeedRetention());
    assertThat(again.indexes())
        .extracting(TableIndex::name, TableIndex::property)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("byStatus", "Status"),
            org.assertj.core.groups.Tuple.tuple("byCity", "City"));
  }

  @Test
  void serverWithoutIndexes_getsNoIndexesMember() throws IOException {
    TableSettingsDocument settings =
        TableSettingsDocument.parse("{\"timeToLive\": -1, \"changeFeed\": null}");

    assertThat(settings.indexes()).isNull();
    assertThat(settings.json()).isEqualTo("{\"timeToLive\":-1,\"changeFeed\":null}");
    assertThat(settings.describe()).doesNotContain("indexes");
  }

  @Test
  void json_escapesWhatItSends() {
    TableSettingsDocument settings =
        new TableSettingsDocument(null, null, List.of(new TableIndex("a\"b", "c\\d", null)));

    assertThat(settings.json()).contains("{\"name\":\"a\\\"b\",\"property\":\"c\\\\d\"}");
  }

  @Test
  void describe_listsTheIndexesInAlignedColumns() throws IOException {
    String text = TableSettingsDocument.parse(WITH_INDEXES).describe();

    assertThat(text.lines())
        .containsExactly(
            "time-to-live: on, entities expire 3600 s after their last write",
            "change feed:  on, kept 60 s",
            "indexes:",
            "  byStatus  Status  ready",
            "  byCity    City    building");
  }

  @Test
  void describe_saysNoneForATableWithoutIndexes() throws IOException {
    String text =
        TableSettingsDocument.parse("{\"timeToLive\":null,\"changeFeed\":null,\"indexes\":[]}")
            .describe();

    assertThat(text.lines()).contains("indexes:      none");
  }
}
