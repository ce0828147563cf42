package dev.tabula.conformance.accounts;

import static dev.tabula.conformance.support.ServiceErrors.assertError;
import static dev.tabula.conformance.support.ServiceErrors.assertHttpError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.policy.FixedDelayOptions;
import com.azure.core.http.policy.RetryOptions;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.sas.TableAccountSasPermission;
import com.azure.data.tables.sas.TableAccountSasResourceType;
import com.azure.data.tables.sas.TableAccountSasService;
import com.azure.data.tables.sas.TableAccountSasSignatureValues;
import com.azure.data.tables.sas.TableSasPermission;
import com.azure.data.tables.sas.TableSasSignatureValues;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.RawClient;
import dev.tabula.conformance.support.RawRequest.Scheme;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.server.Account;
import dev.tabula.server.EngineKind;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An account with two keys, as every Azure storage account has (key1 and key2, so that one can be
 * regenerated while clients use the other: learn.microsoft.com, "Manage storage account access
 * keys"): a request signed with either is accepted, by every way of signing the service knows, and
 * one signed with neither is refused 403 AuthenticationFailed.
 *
 * <p>Seen to fail: with {@code Authenticators} giving the chain only an account's first key, every
 * test that signs with key2 got 403 AuthenticationFailed.
 */
class TwoKeysIT {
  static final String KEY1 = base64("rotating-account-key-number-one-0123456789abcdefghijklmn");
  static final String KEY2 = base64("rotating-account-key-number-two-0123456789abcdefghijklmn");

  /** The account as the server knows it: both keys. */
  static final Account ROTATING = new Account("rotating", List.of(KEY1, KEY2));

  @TempDir static Path dir;
  static TabulaServer server;

  @BeforeAll
  static void start() {
    server =
        TabulaServer.start(
            ServerConfig.defaults()
                .withPort(0)
                .withEngine(EngineKind.MEMORY, dir)
                .withAccounts(List.of(TestAccounts.DEVELOPMENT, ROTATING)));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void sharedKey_withEitherKey_isAccepted() {
    TableServiceClient withKey1 = service(KEY1);
    TableServiceClient withKey2 = service(KEY2);
    withKey1.createTable("signedbykey1");
    withKey2.createTable("signedbykey2");
    TableClient table = withKey2.getTableClient("signedbykey1");
    table.createEntity(new TableEntity("p", "r").addProperty("By", "key2"));

    assertThat(withKey1.getTableClient("signedbykey1").getEntity("p", "r").getProperty("By"))
        .isEqualTo("key2");
    assertThat(withKey1.listTables().stream().map(t -> t.getName()))
        .contains("signedbykey1", "signedbykey2");
    assertHttpError(
        403,
        "AuthenticationFailed",
        () -> service(TestAccounts.WRONG_KEY).listTables().stream().count());
  }

  @Test
  void sharedKeyAndSharedKeyLite_withKey2_areAccepted() {
    RawClient raw = new RawClient(server, new Account("rotating", KEY2));
    raw.post("Tables").json("{\"TableName\":\"rawbykey2\"}").send();
    for (Scheme scheme : List.of(Scheme.SHARED_KEY, Scheme.SHARED_KEY_LITE)) {
      assertThat(raw.get("Tables('rawbykey2')").scheme(scheme).send().status())
          .as("%s signed with key2", scheme)
          .isEqualTo(200);
      assertThat(raw.get("Tables('rawbykey2')").scheme(scheme).signWith(KEY1).send().status())
          .as("%s signed with key1", scheme)
          .isEqualTo(200);
      assertError(
          raw.get("Tables('rawbykey2')").scheme(scheme).signWith(TestAccounts.WRONG_KEY).send(),
          403,
          "AuthenticationFailed");
    }
  }

  @Test
  void accountSas_madeWithKey2_isAccepted() {
    String sas =
        service(KEY2)
            .generateAccountSas(
                new TableAccountSasSignatureValues(
                        OffsetDateTime.now().plusHours(1),
                        TableAccountSasPermission.parse("rwdlacu"),
                        new TableAccountSasService().setTableAccess(true),
                        TableAccountSasResourceType.parse("sco"))
                    .setStartTime(OffsetDateTime.now().minusHours(1)));
    TableServiceClient bySas =
        new TableServiceClientBuilder()
            .endpoint(server.endpoint("rotating"))
            .sasToken(sas)
            .retryOptions(noRetries())
            .buildClient();
    bySas.createTable("accountsasbykey2");
    assertThat(bySas.listTables().stream().map(t -> t.getName())).contains("accountsasbykey2");
  }

  @Test
  void serviceSas_madeWithKey2_isAccepted_andOneMadeWithAnotherKeyIsNot() {
    service(KEY1).createTable("servicesasbykey2");
    TableSasSignatureValues values =
        new TableSasSignatureValues(
                OffsetDateTime.now().plusHours(1), TableSasPermission.parse("raud"))
            .setStartTime(OffsetDateTime.now().minusHours(1));
    String sas = service(KEY2).getTableClient("servicesasbykey2").generateSas(values);
    TableClient bySas = sasTable("servicesasbykey2", sas);
    bySas.createEntity(new TableEntity("p", "sas"));
    assertThat(bySas.getEntity("p", "sas").getRowKey()).isEqualTo("sas");

    String forged =
        service(TestAccounts.WRONG_KEY).getTableClient("servicesasbykey2").generateSas(values);
    assertHttpError(
        403,
        "AuthenticationFailed",
        () -> sasTable("servicesasbykey2", forged).getEntity("p", "sas"));
  }

  private static TableServiceClient service(String key) {
    return Clients.service(Clients.connectionString(server, "rotating", key));
  }

  private static TableClient sasTable(String table, String sas) {
    return new TableClientBuilder()
        .endpoint(server.endpoint("rotating"))
        .tableName(table)
        .sasToken(sas)
        .retryOptions(noRetries())
        .buildClient();
  }

  private static RetryOptions noRetries() {
    return new RetryOptions(new FixedDelayOptions(0, Duration.ofMillis(1)));
  }

  static String base64(String text) {
    return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.US_ASCII));
  }
}
