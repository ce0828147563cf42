package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertError;
import static dev.tabula.conformance.support.ServiceErrors.assertServiceError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.rest.Response;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import dev.tabula.conformance.support.ODataPaths;
import dev.tabula.conformance.support.RawResponse;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Insert, update (replace/merge), upsert, delete and their conditions, through the SDK. */
@OnEveryEngine
class EntityWritesContract extends ConformanceBase {

  @Test
  void insert_duplicate_returns409EntityAlreadyExists() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r"));

    assertServiceError(
        409, "EntityAlreadyExists", () -> table.createEntity(new TableEntity("p", "r")));
  }

  @Test
  void insert_returns201WithTheEntityAndEtag() {
    String table = newTable().getTableName();

    RawResponse response =
        raw.post(table).json("{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"v\":1}").send();

    assertThat(response.status()).as(response.toString()).isEqualTo(201);
    assertThat(response.header("ETag")).matches(EntityTypesContract.ETAG);
    assertThat(response.json().path("v").asInt()).isEqualTo(1);
    assertThat(response.json().path("odata.etag").asText()).isEqualTo(response.header("ETag"));
  }

  @Test
  void insert_withPreferReturnNoContent_returns204WithEtagAndPreferenceApplied() {
    String table = newTable().getTableName();

    RawResponse response =
        raw.post(table)
            .header("Prefer", "return-no-content")
            .json("{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}")
            .send();

    assertThat(response.status()).as(response.toString()).isEqualTo(204);
    assertThat(response.header("Preference-Applied")).isEqualTo("return-no-content");
    assertThat(response.header("ETag")).matches(EntityTypesContract.ETAG);
    assertThat(response.body()).isEmpty();
  }

  @Test
  void get_missingEntity_returns404ResourceNotFound() {
    TableClient table = newTable();

    assertServiceError(404, "ResourceNotFound", () -> table.getEntity("p", "nope"));
  }

  @Test
  void getWithSelect_returnsOnlyTheSelectedPropertiesAndTheEtag() {
    TableClient table = newTable();
    table.createEntity(
        new TableEntity("p", "r")
            .addProperty("a", 1)
            .addProperty("b", "two")
            .addProperty("c", 3.5));

    TableEntity read =
        table.getEntityWithResponse("p", "r", List.of("a", "c"), null, null).getValue();

    // As the service: a projection carries the selected properties and the ETag, not the keys or
    // Timestamp (the SDK's own recorded tests assert exactly this).
    assertThat(read.getProperty("a")).isEqualTo(1);
    assertThat(read.getProperty("c")).isEqualTo(3.5);
    assertThat(read.getProperties()).doesNotContainKey("b");
    assertThat(read.getETag()).matches(EntityTypesContract.ETAG);
  }

  @Test
  void getWithSelect_ofTheKeys_returnsThem() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r").addProperty("a", 1).addProperty("b", 2));

    TableEntity read =
        table
            .getEntityWithResponse("p", "r", List.of("PartitionKey", "RowKey", "b"), null, null)
            .getValue();

    assertThat(read.getPartitionKey()).isEqualTo("p");
    assertThat(read.getRowKey()).isEqualTo("r");
    assertThat(read.getProperty("b")).isEqualTo(2);
    assertThat(read.getProperties()).doesNotContainKey("a");
  }

  @Test
  void replace_dropsPropertiesNotInTheRequest() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r").addProperty("a", 1).addProperty("b", 2));

    table.updateEntity(
        new TableEntity("p", "r").addProperty("a", 10), TableEntityUpdateMode.REPLACE);

    Map<String, Object> p = table.getEntity("p", "r").getProperties();
    assertThat(p.get("a")).isEqualTo(10);
    assertThat(p).doesNotContainKey("b");
  }

  @Test
  void merge_keepsPropertiesNotInTheRequest() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r").addProperty("a", 1).addProperty("b", 2));

    table.updateEntity(
        new TableEntity("p", "r").addProperty("a", 10).addProperty("c", "new"),
        TableEntityUpdateMode.MERGE);

    Map<String, Object> p = table.getEntity("p", "r").getProperties();
    assertThat(p.get("a")).isEqualTo(10);
    assertThat(p.get("b")).isEqualTo(2);
    assertThat(p.get("c")).isEqualTo("new");
  }

  @Test
  void merge_canChangeAPropertysType() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r").addProperty("a", 1));

    table.updateEntity(new TableEntity("p", "r").addProperty("a", 5L), TableEntityUpdateMode.MERGE);

    assertThat(table.getEntity("p", "r").getProperty("a")).isInstanceOf(Long.class).isEqualTo(5L);
  }

  @Test
  void updateIfUnchanged_withCurrentEtag_returns204() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r").addProperty("a", 1));
    TableEntity current = table.getEntity("p", "r");
    current.addProperty("a", 2);

    Response<Void> replaced =
        table.updateEntityWithResponse(current, TableEntityUpdateMode.REPLACE, true, null, null);
    assertThat(replaced.getStatusCode()).isEqualTo(204);

    TableEntity again = table.getEntity("p", "r").addProperty("b", 3);
    Response<Void> merged =
        table.updateEntityWithResponse(again, TableEntityUpdateMode.MERGE, true, null, null);
    assertThat(merged.getStatusCode()).isEqualTo(204);
    assertThat(table.getEntity("p", "r").getProperties())
        .containsEntry("a", 2)
        .containsEntry("b", 3);
  }

  @Test
  void updateIfUnchanged_withStaleEtag_returns412AndLeavesTheEntity() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r").addProperty("a", 1));
    TableEntity stale = table.getEntity("p", "r");
    table.updateEntity(new TableEntity("p", "r").addProperty("a", 2));

    stale.addProperty("a", 99);
    for (TableEntityUpdateMode mode : TableEntityUpdateMode.values()) {
      assertServiceError(
          412,
          "UpdateConditionNotSatisfied",
          () -> table.updateEntityWithResponse(stale, mode, true, null, null));
    }
    assertThat(table.getEntity("p", "r").getProperty("a")).isEqualTo(2);
  }

  @Test
  void update_missingEntity_returns404ResourceNotFound() {
    TableClient table = newTable();
    TableEntity missing = new TableEntity("p", "gone").addProperty("a", 1);

    // Without ifUnchanged the SDK sends If-Match: *, which must not create the entity.
    assertServiceError(
        404, "ResourceNotFound", () -> table.updateEntity(missing, TableEntityUpdateMode.REPLACE));
    assertServiceError(
        404, "ResourceNotFound", () -> table.updateEntity(missing, TableEntityUpdateMode.MERGE));
    assertServiceError(404, "ResourceNotFound", () -> table.getEntity("p", "gone"));
  }

  @Test
  void updateIfUnchanged_ofADeletedEntity_returns404ResourceNotFound() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r").addProperty("a", 1));
    TableEntity read = table.getEntity("p", "r");
    table.deleteEntity("p", "r");

    assertServiceError(
        404,
        "ResourceNotFound",
        () ->
            table.updateEntityWithResponse(read, TableEntityUpdateMode.REPLACE, true, null, null));
  }

  @Test
  void upsertReplace_createsThenReplaces() {
    TableClient table = newTable();

    table.upsertEntityWithResponse(
        new TableEntity("p", "r").addProperty("a", 1).addProperty("b", 2),
        TableEntityUpdateMode.REPLACE,
        null,
        null);
    assertThat(table.getEntity("p", "r").getProperties())
        .containsEntry("a", 1)
        .containsEntry("b", 2);

    table.upsertEntityWithResponse(
        new TableEntity("p", "r").addProperty("a", 5), TableEntityUpdateMode.REPLACE, null, null);
    Map<String, Object> p = table.getEntity("p", "r").getProperties();
    assertThat(p).containsEntry("a", 5).doesNotContainKey("b");
  }

  @Test
  void upsertMerge_createsThenMerges() {
    TableClient table = newTable();

    Response<Void> created =
        table.upsertEntityWithResponse(
            new TableEntity("p", "r").addProperty("a", 1).addProperty("b", 2),
            TableEntityUpdateMode.MERGE,
            null,
            null);
    assertThat(created.getStatusCode()).isEqualTo(204);
    assertThat(table.getEntity("p", "r").getProperties())
        .containsEntry("a", 1)
        .containsEntry("b", 2);

    table.upsertEntityWithResponse(
        new TableEntity("p", "r").addProperty("a", 5), TableEntityUpdateMode.MERGE, null, null);
    assertThat(table.getEntity("p", "r").getProperties())
        .containsEntry("a", 5)
        .containsEntry("b", 2);
  }

  @Test
  void delete_withWildcard_removesTheEntity() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r"));

    RawResponse response =
        raw.delete(ODataPaths.entity(table.getTableName(), "p", "r"))
            .header("If-Match", "*")
            .send();

    assertThat(response.status()).as(response.toString()).isEqualTo(204);
    assertServiceError(404, "ResourceNotFound", () -> table.getEntity("p", "r"));
  }

  @Test
  void deleteIfUnchanged_withCurrentEtag_removesTheEntity() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r"));
    TableEntity current = table.getEntity("p", "r");

    assertThat(table.deleteEntityWithResponse(current, true, null, null).getStatusCode())
        .isEqualTo(204);
    assertServiceError(404, "ResourceNotFound", () -> table.getEntity("p", "r"));
  }

  @Test
  void deleteIfUnchanged_withStaleEtag_returns412AndKeepsTheEntity() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r").addProperty("a", 1));
    TableEntity stale = table.getEntity("p", "r");
    table.updateEntity(new TableEntity("p", "r").addProperty("a", 2));

    assertServiceError(
        412,
        "UpdateConditionNotSatisfied",
        () -> table.deleteEntityWithResponse(stale, true, null, null));
    assertThat(table.getEntity("p", "r").getProperty("a")).isEqualTo(2);
  }

  @Test
  void delete_missingEntity_returns404ResourceNotFound() {
    String table = newTable().getTableName();

    // The SDK may hide this 404; the wire must carry it.
    RawResponse response =
        raw.delete(ODataPaths.entity(table, "p", "none")).header("If-Match", "*").send();

    assertError(response, 404, "ResourceNotFound");
  }

  @Test
  void everyWrite_givesAStrictlyLaterTimestampAndANewEtag() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r").addProperty("n", 0));
    List<TableEntity> versions = new ArrayList<>();
    versions.add(table.getEntity("p", "r"));
    for (int i = 1; i <= 8; i++) {
      TableEntity next = new TableEntity("p", "r").addProperty("n", i);
      switch (i % 4) {
        case 0 -> table.updateEntity(next, TableEntityUpdateMode.REPLACE);
        case 1 -> table.updateEntity(next, TableEntityUpdateMode.MERGE);
        case 2 -> table.upsertEntity(next);
        default -> table.upsertEntityWithResponse(next, TableEntityUpdateMode.REPLACE, null, null);
      }
      versions.add(table.getEntity("p", "r"));
    }

    for (int i = 1; i < versions.size(); i++) {
      OffsetDateTime before = versions.get(i - 1).getTimestamp();
      OffsetDateTime after = versions.get(i).getTimestamp();
      assertThat(after).as("write %d", i).isAfter(before);
      assertThat(versions.get(i).getETag()).isNotEqualTo(versions.get(i - 1).getETag());
      assertThat(EntityTypesContract.etagTime(versions.get(i).getETag()))
          .isEqualTo(after.toInstant());
    }
  }

  @Test
  void reinsert_afterDelete_getsALaterTimestampAndOnlyTheNewProperties() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r").addProperty("old", 1));
    TableEntity first = table.getEntity("p", "r");
    table.deleteEntity("p", "r");

    table.createEntity(new TableEntity("p", "r").addProperty("new", 2));

    TableEntity second = table.getEntity("p", "r");
    assertThat(second.getTimestamp()).isAfter(first.getTimestamp());
    assertThat(second.getProperties()).containsEntry("new", 2).doesNotContainKey("old");
  }
}
