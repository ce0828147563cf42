package dev.tabula.protocol.auth;

import static dev.tabula.protocol.auth.AuthAssertions.rejects;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.credential.AzureNamedKeyCredential;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.sas.TableAccountSasPermission;
import com.azure.data.tables.sas.TableAccountSasResourceType;
import com.azure.data.tables.sas.TableAccountSasService;
import com.azure.data.tables.sas.TableAccountSasSignatureValues;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import dev.tabula.protocol.http.ServiceRequest;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** Account SAS as the Java SDK generates them (TableAccountSasGenerator), and their rules. */
class AccountSasAuthenticatorTest {
  private static final OffsetDateTime NOW = TestSigner.NOW.atOffset(ZoneOffset.UTC);

  private final AccountSasAuthenticator authenticator =
      new AccountSasAuthenticator(TestSigner.keys(), TestSigner.CLOCK);

  private static String sdkSas(String key, String permissions, String resourceTypes) {
    TableServiceClient client =
        new TableServiceClientBuilder()
            .endpoint("http://127.0.0.1:10002/" + TestSigner.ACCOUNT)
            .credential(new AzureNamedKeyCredential(TestSigner.ACCOUNT, key))
            .buildClient();
    return client.generateAccountSas(
        new TableAccountSasSignatureValues(
                NOW.plusMinutes(5),
                TableAccountSasPermission.parse(permissions),
                new TableAccountSasService().setTableAccess(true),
                TableAccountSasResourceType.parse(resourceTypes))
            .setStartTime(NOW.minusMinutes(5)));
  }

  private static ServiceRequest request(String sas) {
    return TestRequest.of("GET", "/devstoreaccount1/Tables?" + sas).build();
  }

  private AccessGrant grant(String sas) {
    return authenticator.authenticate(request(sas), TestSigner.ACCOUNT).grant();
  }

  @Test
  void sdkSignature_verifies_andGrantsByResourceTypeAndPermission() {
    AccessGrant grant = grant(sdkSas(TestSigner.PRIMARY_KEY, "rl", "sc"));

    grant.authorize(ServiceOperation.QUERY_TABLES, null, null);
    grant.authorize(ServiceOperation.GET_SERVICE_PROPERTIES, null, null);
    assertCode(
        grant,
        ServiceOperation.QUERY_ENTITIES,
        TableErrorCode.AUTHORIZATION_RESOURCE_TYPE_MISMATCH);
    assertCode(
        grant, ServiceOperation.CREATE_TABLE, TableErrorCode.AUTHORIZATION_PERMISSION_MISMATCH);
    assertCode(grant, ServiceOperation.SET_TABLE_ACL, TableErrorCode.AUTHORIZATION_FAILURE);
    assertThat(grant.keys()).isEqualTo(KeyScope.ALL);
  }

  @Test
  void upserts_needAddAndUpdate() {
    AccessGrant addOnly = grant(sdkSas(TestSigner.PRIMARY_KEY, "a", "o"));
    AccessGrant both = grant(sdkSas(TestSigner.PRIMARY_KEY, "au", "o"));

    addOnly.authorize(ServiceOperation.INSERT_ENTITY, "t", null);
    assertCode(
        addOnly,
        ServiceOperation.INSERT_OR_MERGE_ENTITY,
        TableErrorCode.AUTHORIZATION_PERMISSION_MISMATCH);
    both.authorize(ServiceOperation.INSERT_OR_REPLACE_ENTITY, "t", null);
  }

  /**
   * An account SAS's letters are not held to an order, and letters that grant nothing on tables are
   * ignored: "Create an account SAS" says permissions that do not match the signed resource type
   * are ignored (issue 17, item 19).
   */
  @Test
  void permissionLetters_inAnyOrder_withOthersIgnored() {
    String expiry = "2026-11-30T08:00:00Z";
    String toSign =
        String.join(
            "\n", TestSigner.ACCOUNT, "pdrr", "t", "o", "", expiry, "", "", "2019-02-02", "");
    String sig =
        java.net.URLEncoder.encode(
            TestSigner.sign(TestSigner.PRIMARY_KEY, toSign),
            java.nio.charset.StandardCharsets.UTF_8);
    AccessGrant grant = grant("sv=2019-02-02&ss=t&srt=o&sp=pdrr&se=" + expiry + "&sig=" + sig);

    grant.authorize(ServiceOperation.QUERY_ENTITIES, "t", null);
    grant.authorize(ServiceOperation.DELETE_ENTITY, "t", null);
    assertCode(
        grant, ServiceOperation.INSERT_ENTITY, TableErrorCode.AUTHORIZATION_PERMISSION_MISMATCH);
  }

  @Test
  void tamperedOrWrongKey_isRefused() {
    String sas = sdkSas(TestSigner.PRIMARY_KEY, "r", "o");

    rejects(
        authenticator,
        request(sas.replace("srt=o", "srt=sco")),
        TableErrorCode.AUTHENTICATION_FAILED);
    rejects(
        authenticator,
        request(sdkSas(TestSigner.OTHER_KEY, "r", "o")),
        TableErrorCode.AUTHENTICATION_FAILED);
  }

  @Test
  void version2020_12_06_signsTheEncryptionScope() {
    String expiry = "2026-11-30T08:00:00Z";
    String withScope =
        String.join(
            "\n", TestSigner.ACCOUNT, "r", "t", "o", "", expiry, "", "", "2020-12-06", "scope", "");
    String sig =
        java.net.URLEncoder.encode(
            TestSigner.sign(TestSigner.PRIMARY_KEY, withScope),
            java.nio.charset.StandardCharsets.UTF_8);
    String sas = "sv=2020-12-06&ss=t&srt=o&sp=r&se=" + expiry + "&ses=scope&sig=" + sig;

    grant(sas).authorize(ServiceOperation.QUERY_ENTITIES, "t", null);
    rejects(
        authenticator,
        request(sas.replace("ses=scope", "ses=other")),
        TableErrorCode.AUTHENTICATION_FAILED);
  }

  @Test
  void anotherService_isAuthorizationServiceMismatch() {
    String expiry = "2026-11-30T08:00:00Z";
    String blob =
        String.join("\n", TestSigner.ACCOUNT, "r", "b", "o", "", expiry, "", "", "2019-02-02", "");
    String sig =
        java.net.URLEncoder.encode(
            TestSigner.sign(TestSigner.PRIMARY_KEY, blob), java.nio.charset.StandardCharsets.UTF_8);

    AccessGrant grant = grant("sv=2019-02-02&ss=b&srt=o&sp=r&se=" + expiry + "&sig=" + sig);

    assertCode(
        grant, ServiceOperation.QUERY_ENTITIES, TableErrorCode.AUTHORIZATION_SERVICE_MISMATCH);
  }

  private static void assertCode(
      AccessGrant grant, ServiceOperation operation, TableErrorCode code) {
    assertThatThrownBy(() -> grant.authorize(operation, "t", null))
        .isInstanceOf(TableException.class)
        .extracting(t -> ((TableException) t).code())
        .isEqualTo(code);
  }
}
