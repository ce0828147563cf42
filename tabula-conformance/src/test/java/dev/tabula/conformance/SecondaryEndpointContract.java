package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertError;
import static dev.tabula.conformance.support.ServiceErrors.assertHttpError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.credential.AzureNamedKeyCredential;
import com.azure.core.http.policy.FixedDelayOptions;
import com.azure.core.http.policy.RetryOptions;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableItem;
import com.azure.data.tables.models.TableServiceGeoReplicationStatus;
import com.azure.data.tables.models.TableServiceProperties;
import com.azure.data.tables.models.TableServiceStatistics;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import dev.tabula.conformance.support.RawResponse;
import dev.tabula.conformance.support.TestAccounts;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;

/**
 * The read-only secondary endpoint of read-access geo-redundant storage, {@code
 * {account}-secondary}: it serves the account's reads, answers Get Table Service Stats (which the
 * primary refuses), and refuses every write. The SDKs address it with the primary account's
 * credential: the Java SDK's own test builds a {@code TableServiceClient} on the {@code -secondary}
 * host with the primary's pipeline (Azure/azure-sdk-for-java
 * sdk/tables/azure-data-tables/src/test/java/com/azure/data/tables/TableServiceClientTest.java,
 * getStatistics), and signs {@code /{account}} followed by the path it sends, as the service's
 * Shared Key rules ask ("always use the primary account name, even for secondary access").
 */
@OnEveryEngine
class SecondaryEndpointContract extends ConformanceBase {
  private static final String STATS = "?restype=service&comp=stats";
  private TableServiceClient secondary;

  @BeforeParameterizedClassInvocation
  final void secondaryClient() {
    secondary =
        new TableServiceClientBuilder()
            .endpoint(server.endpoint(TestAccounts.DEVELOPMENT.name()) + "-secondary")
            .credential(
                new AzureNamedKeyCredential(
                    TestAccounts.DEVELOPMENT.name(), TestAccounts.DEVELOPMENT.key()))
            .retryOptions(new RetryOptions(new FixedDelayOptions(0, Duration.ofMillis(1))))
            .buildClient();
  }

  /**
   * Stats on the secondary: a live replica (Get Table Service Stats: "only available on the
   * secondary location endpoint"; a real account answers {@code <Status>live</Status>} there,
   * Azure/azure-sdk-for-python recording
   * test_table_aad.pyTestTableAADtest_aad_table_service_stats.json). Tabula's one copy is never
   * behind, so the last sync is now.
   */
  @Test
  void getStatistics_onTheSecondary_answersALiveReplicaInSyncNow() {
    TableServiceStatistics stats = secondary.getStatistics();

    assertThat(stats.getGeoReplication().getStatus())
        .isEqualTo(TableServiceGeoReplicationStatus.LIVE);
    assertThat(stats.getGeoReplication().getLastSyncTime())
        .isBetween(
            OffsetDateTime.now().minus(Duration.ofMinutes(1)),
            OffsetDateTime.now().plus(Duration.ofMinutes(1)));
  }

  /**
   * Python azure-data-tables 12.4.2 asks {@code
   * /devstoreaccount1-secondary/devstoreaccount1/?restype=service&comp=stats} of an emulator: it
   * swaps its secondary host into the path-style URL and keeps the account segment.
   */
  @Test
  void getStatistics_inPythonsSecondaryForm_answersTheStats() {
    RawResponse response =
        raw.get(TestAccounts.DEVELOPMENT.name() + "/" + STATS).viaSecondary().send();

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    // A byte order mark, then the document (the real account's answer in the Python recording).
    assertThat(response.bodyText())
        .startsWith(
            "\uFEFF<?xml version=\"1.0\" encoding=\"utf-8\"?>"
                + "<StorageServiceStats><GeoReplication><Status>live</Status><LastSyncTime>");
  }

  /**
   * Stats on the primary: 400 InvalidQueryParameterValue, as Azurite answers (its "GetServiceStats
   * negative" test, tests/table/apis/table.service.test.ts, is written to run against a real
   * account too and expects 400). No record of a real account's answer is public.
   */
  @Test
  void getStatistics_onThePrimary_isInvalidQueryParameterValue() {
    assertHttpError(400, "InvalidQueryParameterValue", () -> service.getStatistics());
    RawResponse response = raw.get(STATS).send();
    assertThat(response.status()).isEqualTo(400);
    assertThat(response.errorCode()).isEqualTo("InvalidQueryParameterValue");
    assertThat(response.bodyText()).contains("<m:code>InvalidQueryParameterValue</m:code>");
  }

  @Test
  void reads_onTheSecondary_seeThePrimarysData() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r").addProperty("n", 7));
    TableClient replica = secondary.getTableClient(table.getTableName());

    assertThat(replica.getEntity("p", "r").getProperty("n")).isEqualTo(7);
    assertThat(replica.listEntities()).hasSize(1);
    assertThat(secondary.listTables().stream().map(TableItem::getName))
        .contains(table.getTableName());
    assertThat(replica.getAccessPolicies().getIdentifiers()).isNullOrEmpty();
    assertThat(secondary.getProperties()).isNotNull();
    RawResponse point =
        raw.get(table.getTableName() + "(PartitionKey='p',RowKey='r')").viaSecondary().send();
    assertThat(point.status()).as(point.toString()).isEqualTo(200);
    assertThat(point.json().path("odata.metadata").asText())
        .startsWith(server.endpoint(TestAccounts.DEVELOPMENT.name()) + "-secondary/$metadata#");
  }

  /**
   * Every write through the secondary is 403 InsufficientAccountPermissions "Write operations are
   * not allowed." (learn.microsoft.com "Common REST API error codes"; no record shows a real
   * account's answer to a write there) and changes nothing.
   */
  @Test
  void writes_onTheSecondary_areRefused_andChangeNothing() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r").addProperty("n", 1));
    TableClient replica = secondary.getTableClient(table.getTableName());
    TableEntity changed = new TableEntity("p", "r").addProperty("n", 2);

    List<Executable> writes =
        new ArrayList<>(
            List.of(
                () -> secondary.createTable(uniqueTableName()),
                () -> replica.createEntity(new TableEntity("p", "new")),
                () -> replica.upsertEntity(changed),
                () -> replica.updateEntity(changed),
                () -> replica.deleteEntity("p", "r"),
                () -> replica.setAccessPolicies(List.of()),
                () -> replica.deleteTable()));
    writes.add(() -> secondary.setProperties(new TableServiceProperties()));
    writes.add(
        () ->
            replica.submitTransaction(
                List.of(
                    new TableTransactionAction(
                        TableTransactionActionType.CREATE, new TableEntity("p", "b")))));
    for (Executable write : writes) {
      // Some SDK calls surface TableServiceException, others its parent type.
      assertHttpError(403, "InsufficientAccountPermissions", write);
    }

    RawResponse raw403 =
        raw.post(table.getTableName())
            .viaSecondary()
            .json("{\"PartitionKey\":\"p\",\"RowKey\":\"raw\"}")
            .send();
    assertError(raw403, 403, "InsufficientAccountPermissions");
    assertThat(raw403.json().path("odata.error").path("message").path("value").asText())
        .startsWith("Write operations are not allowed.\nRequestId:");
    assertThat(table.listEntities()).hasSize(1);
    assertThat(table.getEntity("p", "r").getProperty("n")).isEqualTo(1);
  }

  @Test
  void secondary_needsTheAccountsKey() {
    RawResponse wrongKey = raw.get("Tables").viaSecondary().signWith(TestAccounts.WRONG_KEY).send();

    assertError(wrongKey, 403, "AuthenticationFailed");
  }
}
