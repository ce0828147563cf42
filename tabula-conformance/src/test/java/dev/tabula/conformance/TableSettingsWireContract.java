package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.sas.TableSasPermission;
import com.azure.data.tables.sas.TableSasSignatureValues;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tabula.conformance.support.RawRequest.Scheme;
import dev.tabula.conformance.support.RawResponse;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.Test;

/**
 * Tabula's table settings over the wire (docs/extensions.md, "Table settings"), on every engine:
 * {@code GET}/{@code PUT /table?comp=tabula-settings} with {@code x-tabula-extensions: settings}.
 * Without the header the URL is an ordinary table URL, as the service reads it (a query); a shared
 * access signature never reaches the settings, as it never reaches a table's ACL; bad documents are
 * 400 with a message that says what is wrong; the settings are the table's own and gone with it.
 *
 * <p>Broken once: the settings routes authorized as Query Entities let a read SAS read them, which
 * {@link #aSharedAccessSignatureNeverReachesTheSettings} caught (200 instead of 403).
 */
@OnEveryEngine
class TableSettingsWireContract extends ConformanceBase {
  private static final String EXTENSIONS = "x-tabula-extensions";
  private static final String SETTINGS = "?comp=tabula-settings";

  @Test
  void aNewTable_hasNoSettings() {
    TableClient table = newTable();

    RawResponse response = get(table.getTableName());

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header(EXTENSIONS)).isEqualTo("settings");
    assertThat(response.header("Content-Type")).startsWith("application/json");
    assertThat(response.json().get("timeToLive").isNull()).isTrue();
    assertThat(response.json().get("changeFeed").isNull()).isTrue();
  }

  @Test
  void timeToLive_roundTrips_andAPutReplacesEverySetting() {
    TableClient table = newTable();

    assertThat(put(table.getTableName(), "{\"timeToLive\": 3600}").status()).isEqualTo(204);
    assertThat(get(table.getTableName()).json().get("timeToLive").asLong()).isEqualTo(3600);

    assertThat(put(table.getTableName(), "{\"timeToLive\": -1}").status()).isEqualTo(204);
    assertThat(get(table.getTableName()).json().get("timeToLive").asLong()).isEqualTo(-1);

    assertThat(put(table.getTableName(), "{}").status()).isEqualTo(204);
    assertThat(get(table.getTableName()).json().get("timeToLive").isNull()).isTrue();
  }

  @Test
  void withoutTheHeader_theUrlIsAnOrdinaryQuery() {
    TableClient table = newTable();

    RawResponse response = raw.get(table.getTableName() + "()" + SETTINGS).send();

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.json().get("value")).isNotNull();
    assertThat(response.hasHeader(EXTENSIONS)).isFalse();
  }

  @Test
  void aMissingTable_is404TableNotFound() {
    assertThat(get("nosuchtable1").errorCode()).isEqualTo("TableNotFound");
    RawResponse put = put("nosuchtable1", "{\"timeToLive\": 60}");
    assertThat(put.status()).isEqualTo(404);
    assertThat(put.errorCode()).isEqualTo("TableNotFound");
  }

  @Test
  void badDocuments_are400_sayingWhatIsWrong() {
    String name = newTable().getTableName();
    String[][] cases = {
      {"[]", "InvalidInput", "JSON object"},
      {"{\"timeToLive\": 60", "InvalidInput", "well-formed"},
      {"{\"ttl\": 60}", "InvalidInput", "ttl"},
      {"{\"timeToLive\": \"60\"}", "InvalidInput", "whole number"},
      {"{\"timeToLive\": 1.5}", "InvalidInput", "whole number"},
      {"{\"timeToLive\": 0}", "OutOfRangeInput", "from 1"},
      {"{\"timeToLive\": -2}", "OutOfRangeInput", "from 1"},
      {"{\"timeToLive\": 2147483648}", "OutOfRangeInput", "from 1"},
      {"{\"timeToLive\": 60, \"timeToLive\": 60}", "InvalidInput", "twice"},
      {"{\"changeFeed\": {\"retention\": 60}}", "InvalidInput", "retentionSeconds"},
      {"{\"changeFeed\": 60}", "InvalidInput", "retentionSeconds"},
    };
    for (String[] c : cases) {
      RawResponse response = put(name, c[0]);
      assertThat(response.status()).as(c[0]).isEqualTo(400);
      assertThat(response.errorCode()).as(c[0]).isEqualTo(c[1]);
      assertThat(response.bodyText()).as(c[0]).contains(c[2]);
    }
    assertThat(get(name).json().get("timeToLive").isNull()).isTrue();
  }

  @Test
  void aSharedAccessSignatureNeverReachesTheSettings() {
    TableClient table = newTable();
    String sas =
        table.generateSas(
            new TableSasSignatureValues(
                OffsetDateTime.now().plusHours(1), TableSasPermission.parse("raud")));

    RawResponse read =
        raw.get(table.getTableName() + SETTINGS + "&" + sas)
            .scheme(Scheme.NONE)
            .header(EXTENSIONS, "settings")
            .send();
    RawResponse write =
        raw.put(table.getTableName() + SETTINGS + "&" + sas)
            .scheme(Scheme.NONE)
            .header(EXTENSIONS, "settings")
            .json("{\"timeToLive\": 60}")
            .send();

    assertThat(read.status()).isEqualTo(403);
    assertThat(write.status()).isEqualTo(403);
    assertThat(get(table.getTableName()).json().get("timeToLive").isNull()).isTrue();
  }

  @Test
  void theSettingsAreGoneWithTheTable() {
    TableClient table = newTable();
    put(table.getTableName(), "{\"timeToLive\": 60}");

    table.deleteTable();
    service.createTable(table.getTableName());

    JsonNode settings = get(table.getTableName()).json();
    assertThat(settings.get("timeToLive").isNull()).isTrue();
  }

  private RawResponse get(String table) {
    return raw.get(table + SETTINGS).header(EXTENSIONS, "settings").send();
  }

  private RawResponse put(String table, String json) {
    return raw.put(table + SETTINGS).header(EXTENSIONS, "settings").json(json).send();
  }
}
