package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import dev.tabula.conformance.support.RawResponse;
import dev.tabula.conformance.support.TestAccounts;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Headers of Create Table and Insert Entity answers as the service sends them: {@code
 * Preference-Applied} on refusals too when {@code Prefer} was sent, and {@code Location} and {@code
 * DataServiceId} with the keys percent-encoded the service's way.
 */
@OnEveryEngine
class ResponseHeadersContract extends ConformanceBase {

  /**
   * A real account answers a Create Table of an existing name sent with {@code Prefer:
   * return-no-content} with 409 TableAlreadyExists and {@code Preference-Applied:
   * return-no-content} (Azure/azure-sdk-for-java
   * sdk/tables/azure-data-tables/src/test/resources/session-records/AzureTableImplTest.createTableDuplicateNameImpl.json).
   * That {@code return-content} is echoed the same way is our reading of it.
   */
  @ParameterizedTest
  @ValueSource(strings = {"return-no-content", "return-content"})
  void createTable_refused_stillSaysWhichPreferenceWasApplied(String prefer) {
    String name = newTable().getTableName();

    RawResponse duplicate =
        raw.post("Tables").header("Prefer", prefer).json("{\"TableName\":\"" + name + "\"}").send();
    RawResponse badName =
        raw.post("Tables").header("Prefer", prefer).json("{\"TableName\":\"a_b\"}").send();

    assertError(duplicate, 409, "TableAlreadyExists");
    assertThat(duplicate.header("Preference-Applied")).isEqualTo(prefer);
    assertError(badName, 400, "InvalidResourceName");
    assertThat(badName.header("Preference-Applied")).isEqualTo(prefer);
  }

  /**
   * Insert Entity applies {@code Prefer} as Create Table does, so its 409 and 400 say so too. The
   * records show Create Table's 409 (see above); Insert Entity's is our reading of it.
   */
  @ParameterizedTest
  @ValueSource(strings = {"return-no-content", "return-content"})
  void insert_refused_stillSaysWhichPreferenceWasApplied(String prefer) {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r"));

    RawResponse duplicate =
        raw.post(table.getTableName())
            .header("Prefer", prefer)
            .json("{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}")
            .send();
    RawResponse noRowKey =
        raw.post(table.getTableName())
            .header("Prefer", prefer)
            .json("{\"PartitionKey\":\"p\"}")
            .send();

    assertError(duplicate, 409, "EntityAlreadyExists");
    assertThat(duplicate.header("Preference-Applied")).isEqualTo(prefer);
    assertThat(noRowKey.status()).as(noRowKey.toString()).isEqualTo(400);
    assertThat(noRowKey.header("Preference-Applied")).isEqualTo(prefer);
  }

  /**
   * Without {@code Prefer} a refusal claims no preference: a real account's 409 EntityAlreadyExists
   * to a request without it has no {@code Preference-Applied} (Azure/azure-sdk-for-python recording
   * test_table_entity.pyTestTableEntitytest_insert_entity_conflict.json). Nor does a refusal that
   * comes before the operation runs, such as a bad signature.
   */
  @Test
  void refusals_withoutPreferOrBeforeTheOperation_claimNoPreference() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r"));

    RawResponse duplicate =
        raw.post(table.getTableName()).json("{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}").send();
    RawResponse badSignature =
        raw.post("Tables")
            .header("Prefer", "return-no-content")
            .signWith(TestAccounts.WRONG_KEY)
            .json("{\"TableName\":\"" + uniqueTableName() + "\"}")
            .send();

    assertError(duplicate, 409, "EntityAlreadyExists");
    assertThat(duplicate.hasHeader("Preference-Applied")).isFalse();
    assertError(badSignature, 403, "AuthenticationFailed");
    assertThat(badSignature.hasHeader("Preference-Applied")).isFalse();
  }

  /**
   * The XML operations' answers, documents and errors alike, carry neither {@code Cache-Control}
   * nor {@code X-Content-Type-Options}; the OData operations' carry both (a real account's answers:
   * Azure/azure-sdk-for-python recordings test_table.pyTestTabletest_get_table_acl.json,
   * test_table.pyTestTabletest_set_table_acl_too_many_ids.json and
   * test_table_service_properties.pyTestTableServicePropertiestest_table_service_properties.json,
   * against the JSON answers in the same recordings).
   */
  @Test
  void xmlOperations_carryNoCacheControlOrNosniff_unlikeODataOnes() {
    String table = newTable().getTableName();
    String properties = "?restype=service&comp=properties";
    List<RawResponse> xml =
        List.of(
            raw.get(table + "?comp=acl").send(),
            raw.put(table + "?comp=acl").xml("<SignedIdentifiers/>").send(),
            raw.put(table + "?comp=acl").xml("<SignedIdentifiers><Signed").send(),
            raw.get(properties).send(),
            raw.put(properties).xml("not xml").send());
    RawResponse odata = raw.get("Tables").send();
    RawResponse odataError = raw.get("nosuchtable()").send();

    for (RawResponse response : xml) {
      assertThat(response.hasHeader("Cache-Control")).as(response.toString()).isFalse();
      assertThat(response.hasHeader("X-Content-Type-Options")).as(response.toString()).isFalse();
    }
    for (RawResponse response : List.of(odata, odataError)) {
      assertThat(response.header("Cache-Control")).as(response.toString()).isEqualTo("no-cache");
      assertThat(response.header("X-Content-Type-Options")).isEqualTo("nosniff");
    }
  }

  /**
   * Every answer, success or refusal, names Tabula and the version of the pom that built it in
   * {@code Server} (issue 20), where the service says {@code Windows-Azure-Table/1.0
   * Microsoft-HTTPAPI/2.0}: no client reads it, as the official SDKs work against Azurite, whose
   * answers say {@code Server: Azurite-Table/<version>} (Azure/Azurite
   * src/table/middleware/tableStorageContext.middleware.ts).
   */
  @Test
  void everyAnswer_namesTabulaAndItsVersionAsServer() {
    String table = newTable().getTableName();
    String expected = "Tabula/" + System.getProperty("tabula.pom.version");

    List<RawResponse> answers =
        List.of(
            raw.get("Tables").send(),
            raw.post(table).json("{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}").send(),
            raw.get(table + "?comp=acl").send(),
            raw.get("nosuchtable()").send(),
            raw.get("Tables").signWith(TestAccounts.WRONG_KEY).send());

    assertThat(System.getProperty("tabula.pom.version")).isNotBlank();
    for (RawResponse answer : answers) {
      assertThat(answer.header("Server")).as(answer.toString()).isEqualTo(expected);
    }
  }

  /**
   * The keys in {@code Location} and {@code DataServiceId}: letters, digits and {@code -_.!~*'()}
   * as themselves, quotes doubled, everything else percent-encoded as UTF-8. A real account sends
   * {@code PartitionKey='A''aaa_bbbb2%22'} for {@code A'aaa_bbbb2"} (Azure/azure-sdk-for-js
   * recording
   * special_characters/recording_should_handle_partition_and_row_keys_with_special_chars.json), and
   * escapes {@code :} as {@code %3A} where it puts a time into its URL-safe ETags; no record shows
   * a key with {@code :}, {@code @}, {@code $}, {@code &}, {@code +}, {@code ,}, {@code ;} or
   * {@code =}, so escaping those like {@code :} is our reading of it.
   */
  @Test
  void insert_locationAndDataServiceId_percentEncodeTheKeysAsTheServiceDoes() {
    String table = newTable().getTableName();

    RawResponse quoted =
        raw.post(table)
            .header("Prefer", "return-no-content")
            .json("{\"PartitionKey\":\"A'aaa_bbbb2\\\"\",\"RowKey\":\"\\\"A'aaa_bbbb2\"}")
            .send();
    RawResponse marks =
        raw.post(table)
            .header("Prefer", "return-no-content")
            .json("{\"PartitionKey\":\"a:b@c$d&e+f,g;h=i\",\"RowKey\":\"-_.!~*()é \"}")
            .send();

    assertThat(quoted.status()).as(quoted.toString()).isEqualTo(204);
    assertThat(quoted.header("Location"))
        .endsWith("/" + table + "(PartitionKey='A''aaa_bbbb2%22',RowKey='%22A''aaa_bbbb2')");
    assertThat(marks.status()).as(marks.toString()).isEqualTo(204);
    assertThat(marks.header("Location"))
        .endsWith(
            "/"
                + table
                + "(PartitionKey='a%3Ab%40c%24d%26e%2Bf%2Cg%3Bh%3Di',RowKey='-_.!~*()%C3%A9%20')");
    assertThat(marks.header("DataServiceId")).isEqualTo(marks.header("Location"));
  }
}
