package dev.tabula.conformance;

import static dev.tabula.conformance.ServiceSasContract.values;
import static dev.tabula.conformance.support.ServiceErrors.assertError;
import static dev.tabula.conformance.support.ServiceErrors.assertServiceError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableAccessPolicy;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableSignedIdentifier;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.data.tables.models.TableTransactionFailedException;
import com.azure.data.tables.sas.TableSasSignatureValues;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.ODataPaths;
import dev.tabula.conformance.support.RawRequest.Scheme;
import dev.tabula.conformance.support.SasClients;
import dev.tabula.conformance.support.TestAccounts;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Service SAS key ranges at their boundaries, stored access policies (create, use, revoke), and
 * tampered tokens sent over raw HTTP.
 */
@OnEveryEngine
class SasScopeContract extends ConformanceBase {

  /** A table with partitions a..e, rows 1..3 each. */
  private TableClient populated() {
    TableClient table = newTable();
    for (String pk : List.of("a", "b", "c", "d", "e")) {
      for (String rk : List.of("1", "2", "3")) {
        table.createEntity(new TableEntity(pk, rk));
      }
    }
    return table;
  }

  private static List<String> keys(TableClient client) {
    return client.listEntities().stream().map(e -> e.getPartitionKey() + e.getRowKey()).toList();
  }

  @Test
  void keyRange_clipsQueriesToItsInclusiveBounds() {
    TableClient table = populated();
    TableSasSignatureValues range =
        values("r")
            .setStartPartitionKey("b")
            .setStartRowKey("2")
            .setEndPartitionKey("d")
            .setEndRowKey("2");

    TableClient client = SasClients.table(server, table.getTableName(), table.generateSas(range));

    assertThat(keys(client)).containsExactly("b2", "b3", "c1", "c2", "c3", "d1", "d2");
  }

  @Test
  void keyRange_pointReadsAtAndBeyondTheBoundaries() {
    TableClient table = populated();
    TableSasSignatureValues range =
        values("r")
            .setStartPartitionKey("b")
            .setStartRowKey("2")
            .setEndPartitionKey("d")
            .setEndRowKey("2");
    TableClient client = SasClients.table(server, table.getTableName(), table.generateSas(range));

    assertThat(client.getEntity("b", "2")).isNotNull();
    assertThat(client.getEntity("d", "2")).isNotNull();
    assertServiceError(403, "AuthorizationFailure", () -> client.getEntity("b", "1"));
    assertServiceError(403, "AuthorizationFailure", () -> client.getEntity("d", "3"));
    assertServiceError(403, "AuthorizationFailure", () -> client.getEntity("a", "3"));
  }

  @Test
  void keyRange_refusesWritesOutsideIt() {
    TableClient table = newTable();
    TableSasSignatureValues onePartition =
        values("raud")
            .setStartPartitionKey("p")
            .setStartRowKey("b")
            .setEndPartitionKey("p")
            .setEndRowKey("d");
    TableClient client =
        SasClients.table(server, table.getTableName(), table.generateSas(onePartition));

    client.createEntity(new TableEntity("p", "b"));
    client.createEntity(new TableEntity("p", "d"));
    client.upsertEntity(new TableEntity("p", "c"));

    assertServiceError(
        403, "AuthorizationFailure", () -> client.createEntity(new TableEntity("p", "a")));
    assertServiceError(
        403, "AuthorizationFailure", () -> client.createEntity(new TableEntity("p", "da")));
    assertServiceError(
        403, "AuthorizationFailure", () -> client.upsertEntity(new TableEntity("q", "b")));
    assertServiceError(403, "AuthorizationFailure", () -> client.deleteEntity("o", "z"));
    assertThat(keys(table)).containsExactly("pb", "pc", "pd");
  }

  @Test
  void batch_isCheckedOperationByOperation() {
    TableClient table = newTable();
    TableSasSignatureValues range =
        values("au")
            .setStartPartitionKey("p")
            .setStartRowKey("a")
            .setEndPartitionKey("p")
            .setEndRowKey("m");
    TableClient client = SasClients.table(server, table.getTableName(), table.generateSas(range));

    client.submitTransaction(
        List.of(
            new TableTransactionAction(
                TableTransactionActionType.CREATE, new TableEntity("p", "a")),
            new TableTransactionAction(
                TableTransactionActionType.UPSERT_MERGE, new TableEntity("p", "m"))));
    TableTransactionFailedException outside =
        org.junit.jupiter.api.Assertions.assertThrows(
            TableTransactionFailedException.class,
            () ->
                client.submitTransaction(
                    List.of(
                        new TableTransactionAction(
                            TableTransactionActionType.CREATE, new TableEntity("p", "b")),
                        new TableTransactionAction(
                            TableTransactionActionType.CREATE, new TableEntity("p", "n")))));
    TableTransactionFailedException noDelete =
        org.junit.jupiter.api.Assertions.assertThrows(
            TableTransactionFailedException.class,
            () ->
                client.submitTransaction(
                    List.of(
                        new TableTransactionAction(
                            TableTransactionActionType.DELETE, new TableEntity("p", "a")))));

    assertThat(outside.getFailedTransactionActionIndex()).isEqualTo(1);
    assertThat(String.valueOf(outside.getValue().getErrorCode())).isEqualTo("AuthorizationFailure");
    assertThat(String.valueOf(noDelete.getValue().getErrorCode()))
        .isEqualTo("AuthorizationPermissionMismatch");
    assertThat(keys(table)).containsExactly("pa", "pm");
  }

  @Test
  void storedPolicy_grantsItsPermissions_untilRemoved() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r"));
    table.setAccessPolicies(
        List.of(
            new TableSignedIdentifier("readers")
                .setAccessPolicy(
                    new TableAccessPolicy()
                        .setStartsOn(OffsetDateTime.now().minusHours(1))
                        .setExpiresOn(OffsetDateTime.now().plusHours(1))
                        .setPermissions("r"))));
    String sas = table.generateSas(new TableSasSignatureValues("readers"));
    TableClient reader = SasClients.table(server, table.getTableName(), sas);

    assertThat(reader.getEntity("p", "r")).isNotNull();
    assertServiceError(
        403,
        "AuthorizationPermissionMismatch",
        () -> reader.createEntity(new TableEntity("p", "new")));

    table.setAccessPolicies(List.of());

    assertServiceError(403, "AuthorizationFailure", () -> reader.getEntity("p", "r"));
  }

  @Test
  void storedPolicy_andSignatureSettingTheSameField_returns400() {
    TableClient table = newTable();
    table.setAccessPolicies(
        List.of(
            new TableSignedIdentifier("p1")
                .setAccessPolicy(
                    new TableAccessPolicy().setExpiresOn(OffsetDateTime.now().plusHours(1)))));
    String sas =
        table.generateSas(
            new TableSasSignatureValues("p1")
                .setPermissions(com.azure.data.tables.sas.TableSasPermission.parse("r")));
    String both = table.generateSas(values("r").setIdentifier("p1"));

    assertThat(SasClients.table(server, table.getTableName(), sas).listEntities().stream().count())
        .isZero();
    assertError(
        raw.get(table.getTableName() + "()?" + both).scheme(Scheme.NONE).send(),
        400,
        "InvalidQueryParameterValue");
  }

  @Test
  void tamperedTokens_return403AuthenticationFailed() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r"));
    String sas =
        table.generateSas(
            values("r")
                .setStartPartitionKey("p")
                .setStartRowKey("r")
                .setEndPartitionKey("p")
                .setEndRowKey("r"));
    String path = ODataPaths.entity(table.getTableName(), "p", "r") + "?";

    assertThat(raw.get(path + sas).scheme(Scheme.NONE).send().status()).isEqualTo(200);
    for (String tampered :
        List.of(
            SasClients.withParameter(sas, "sp", "raud"),
            SasClients.withParameter(sas, "se", "2099-01-01T00%3A00%3A00Z"),
            SasClients.withParameter(sas, "epk", "z"),
            SasClients.withParameter(
                sas, "sig", "AAAA" + sas.substring(sas.indexOf("sig=") + 8)))) {
      assertError(raw.get(path + tampered).scheme(Scheme.NONE).send(), 403, "AuthenticationFailed");
    }
  }

  @Test
  void tokenSignedWithAnotherKey_returns403AuthenticationFailed_andEchoesNoSignature() {
    String name = newTable().getTableName();
    TableClient wrong =
        Clients.service(
                Clients.connectionString(server, "devstoreaccount1", TestAccounts.WRONG_KEY))
            .getTableClient(name);
    String sas = wrong.generateSas(values("r"));

    var response = raw.get(name + "()?" + sas).scheme(Scheme.NONE).send();

    assertError(response, 403, "AuthenticationFailed");
    String sig = sas.substring(sas.indexOf("sig=") + 4);
    assertThat(response.bodyText())
        .doesNotContain(sig)
        .doesNotContain(java.net.URLDecoder.decode(sig, java.nio.charset.StandardCharsets.UTF_8));
  }
}
