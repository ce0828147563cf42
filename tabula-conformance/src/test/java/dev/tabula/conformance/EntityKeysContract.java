package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertServiceError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import dev.tabula.conformance.support.ODataPaths;
import dev.tabula.conformance.support.RawResponse;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Keys with every kind of allowed character work in every operation, in both key positions. */
@OnEveryEngine
class EntityKeysContract extends ConformanceBase {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "with space",
        "it's",
        "''",
        "x',RowKey='y",
        "%41",
        "%",
        "100%",
        "a+b",
        "a&b=c",
        "(paren),comma",
        "ünïcødé 日本語",
        "😀 emoji",
        "",
        "$batch",
        "~!@*;:"
      })
  void key_withAllowedSpecialCharacters_worksForInsertGetUpdateDelete(String key) {
    TableClient table = newTable();
    assertLifecycle(table, key, "row");
    assertLifecycle(table, "part", key);
    assertLifecycle(table, key, key);
  }

  @ParameterizedTest
  @ValueSource(strings = {"with space", "it's", "%41", "ünïcødé", "", "a+b"})
  void key_withSpecialCharacters_isAddressableOverRawHttp(String key) {
    TableClient table = newTable();
    table.createEntity(new TableEntity(key, key).addProperty("v", 1));

    RawResponse get = raw.get(ODataPaths.entity(table.getTableName(), key, key)).send();
    assertThat(get.status()).as(get.toString()).isEqualTo(200);
    assertThat(get.json().path("PartitionKey").asText()).isEqualTo(key);
    assertThat(get.json().path("RowKey").asText()).isEqualTo(key);

    RawResponse delete =
        raw.delete(ODataPaths.entity(table.getTableName(), key, key))
            .header("If-Match", "*")
            .send();
    assertThat(delete.status()).as(delete.toString()).isEqualTo(204);
    assertThat(table.listEntities()).isEmpty();
  }

  private void assertLifecycle(TableClient table, String pk, String rk) {
    table.createEntity(new TableEntity(pk, rk).addProperty("v", 1));

    TableEntity read = table.getEntity(pk, rk);
    assertThat(read.getPartitionKey()).isEqualTo(pk);
    assertThat(read.getRowKey()).isEqualTo(rk);
    assertThat(read.getProperty("v")).isEqualTo(1);
    assertThat(keysListed(table)).contains(pk + "|" + rk);

    table.updateEntity(new TableEntity(pk, rk).addProperty("v", 2), TableEntityUpdateMode.REPLACE);
    table.updateEntity(new TableEntity(pk, rk).addProperty("w", 3), TableEntityUpdateMode.MERGE);
    table.upsertEntity(new TableEntity(pk, rk).addProperty("x", 4));
    TableEntity updated = table.getEntity(pk, rk);
    assertThat(updated.getProperties())
        .containsEntry("v", 2)
        .containsEntry("w", 3)
        .containsEntry("x", 4);

    assertThat(table.deleteEntityWithResponse(updated, true, null, null).getStatusCode())
        .isEqualTo(204);
    assertServiceError(404, "ResourceNotFound", () -> table.getEntity(pk, rk));
    assertThat(keysListed(table)).doesNotContain(pk + "|" + rk);
  }

  private static List<String> keysListed(TableClient table) {
    return StreamSupport.stream(table.listEntities().spliterator(), false)
        .map(e -> e.getPartitionKey() + "|" + e.getRowKey())
        .collect(Collectors.toList());
  }
}
