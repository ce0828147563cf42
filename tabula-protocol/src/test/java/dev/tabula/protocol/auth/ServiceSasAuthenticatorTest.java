package dev.tabula.protocol.auth;

import static dev.tabula.protocol.auth.AuthAssertions.rejects;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.credential.AzureNamedKeyCredential;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.sas.TableSasIpRange;
import com.azure.data.tables.sas.TableSasPermission;
import com.azure.data.tables.sas.TableSasProtocol;
import com.azure.data.tables.sas.TableSasSignatureValues;
import dev.tabula.model.AccessPolicy;
import dev.tabula.model.EntityKey;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import dev.tabula.protocol.http.ServiceRequest;
import java.net.InetAddress;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Service SAS as the Java SDK generates them (TableSasGenerator), verified by the server's string
 * to sign, and the rules the resulting grant applies.
 */
class ServiceSasAuthenticatorTest {
  private static final OffsetDateTime NOW = TestSigner.NOW.atOffset(ZoneOffset.UTC);
  private static final AccessPolicy READERS =
      new AccessPolicy("readers", null, TestSigner.NOW.plusSeconds(60), "r");

  private final ServiceSasAuthenticator authenticator =
      new ServiceSasAuthenticator(
          TestSigner.keys(),
          (account, table, id) -> id.equals("readers") ? Optional.of(READERS) : Optional.empty(),
          TestSigner.CLOCK);

  private static String sdkSas(String key, TableSasSignatureValues values) {
    TableClient client =
        new TableClientBuilder()
            .endpoint("http://127.0.0.1:10002/" + TestSigner.ACCOUNT)
            .tableName("MyTable")
            .credential(new AzureNamedKeyCredential(TestSigner.ACCOUNT, key))
            .buildClient();
    return client.generateSas(values);
  }

  private static TableSasSignatureValues values(String permissions) {
    return new TableSasSignatureValues(NOW.plusMinutes(5), TableSasPermission.parse(permissions))
        .setStartTime(NOW.minusMinutes(5));
  }

  private static ServiceRequest request(String sas) {
    return TestRequest.of("GET", "/devstoreaccount1/MyTable()?" + sas).build();
  }

  private AccessGrant grant(String sas) {
    AuthResult result = authenticator.authenticate(request(sas), TestSigner.ACCOUNT);
    assertThat(result.scheme()).isEqualTo(AuthScheme.SERVICE_SAS);
    return result.grant();
  }

  @Test
  void sdkSignature_withEveryField_verifiesWithEitherKey() {
    TableSasSignatureValues all =
        values("raud")
            .setStartPartitionKey("a b")
            .setStartRowKey("r&1")
            .setEndPartitionKey("z")
            .setEndRowKey("9")
            .setSasIpRange(TableSasIpRange.parse("127.0.0.1-127.0.0.5"))
            .setProtocol(TableSasProtocol.HTTPS_HTTP);

    AccessGrant primary = grant(sdkSas(TestSigner.PRIMARY_KEY, all));
    grant(sdkSas(TestSigner.SECONDARY_KEY, all));

    assertThat(primary.keys()).isEqualTo(new KeyScope("a b", "r&1", "z", "9"));
    primary.checkConnection("http", InetAddress.getLoopbackAddress());
  }

  @Test
  void signatureFromAnotherKey_isRefusedWithoutEchoingIt() {
    TableException e =
        rejects(
            authenticator,
            request(sdkSas(TestSigner.OTHER_KEY, values("r"))),
            TableErrorCode.AUTHENTICATION_FAILED);

    assertThat(e.getMessage()).contains("Signature did not match. String to sign used was r\n");
  }

  @Test
  void changedPermissions_breakTheSignature() {
    String sas = sdkSas(TestSigner.PRIMARY_KEY, values("r")).replace("sp=r", "sp=raud");

    rejects(authenticator, request(sas), TableErrorCode.AUTHENTICATION_FAILED);
  }

  @Test
  void legacyVersion_signsWithoutIpAndProtocol_andWithoutTheServiceName() {
    String expiry = "2026-11-30T08:00:00Z";
    String before20150221 =
        String.join(
            "\n", "r", "", expiry, "/devstoreaccount1/mytable", "", "2013-08-15", "", "", "", "");
    String sig = TestSigner.sign(TestSigner.PRIMARY_KEY, before20150221);
    String sas = "sv=2013-08-15&tn=MyTable&sp=r&se=" + expiry + "&sig=" + encode(sig);

    assertThat(grant(sas).keys()).isEqualTo(KeyScope.ALL);
  }

  /** A 2013-08-15 signature (the shortest string to sign) with these permission letters. */
  private static String signedWithPermissions(String permissions) {
    String expiry = "2026-11-30T08:00:00Z";
    String toSign =
        String.join(
            "\n",
            permissions,
            "",
            expiry,
            "/devstoreaccount1/mytable",
            "",
            "2013-08-15",
            "",
            "",
            "",
            "");
    return "sv=2013-08-15&tn=MyTable&sp="
        + permissions
        + "&se="
        + expiry
        + "&sig="
        + encode(TestSigner.sign(TestSigner.PRIMARY_KEY, toSign));
  }

  /**
   * Issue 17, item 19: a table's letters must come in their documented order r, a, u, d, each once
   * ("Create a service SAS": permissions are given in the order listed; every SDK writes them so).
   * Anything else is refused as not well formed, though correctly signed.
   */
  @Test
  void permissions_mustBeTableLettersInOrder() {
    grant(signedWithPermissions("raud")).authorize(ServiceOperation.DELETE_ENTITY, "MyTable", null);
    grant(signedWithPermissions("rd")).authorize(ServiceOperation.QUERY_ENTITIES, "MyTable", null);

    for (String bad : new String[] {"ar", "rr", "rx", "rw", "R", "dr"}) {
      TableException e =
          rejects(
              authenticator,
              request(signedWithPermissions(bad)),
              TableErrorCode.AUTHENTICATION_FAILED);
      assertThat(e.getMessage()).as(bad).contains("Signature fields not well formed.");
    }
  }

  @Test
  void expiredOrNotYetValid_isRefused() {
    TableSasSignatureValues expired =
        new TableSasSignatureValues(NOW.minusSeconds(1), TableSasPermission.parse("r"));
    TableSasSignatureValues future = values("r").setStartTime(NOW.plusSeconds(1));

    TableException e =
        rejects(
            authenticator,
            request(sdkSas(TestSigner.PRIMARY_KEY, expired)),
            TableErrorCode.AUTHENTICATION_FAILED);
    rejects(
        authenticator,
        request(sdkSas(TestSigner.PRIMARY_KEY, future)),
        TableErrorCode.AUTHENTICATION_FAILED);
    assertThat(e.getMessage()).contains("Signature not valid in the specified time frame");
  }

  @Test
  void storedPolicy_suppliesTheFieldsTheSignatureLeavesOut() {
    AccessGrant grant =
        grant(sdkSas(TestSigner.PRIMARY_KEY, new TableSasSignatureValues("readers")));

    grant.authorize(ServiceOperation.QUERY_ENTITIES, "mytable", null);
    assertThatThrownBy(() -> grant.authorize(ServiceOperation.INSERT_ENTITY, "MyTable", null))
        .isInstanceOf(TableException.class)
        .extracting(t -> ((TableException) t).code())
        .isEqualTo(TableErrorCode.AUTHORIZATION_PERMISSION_MISMATCH);
  }

  @Test
  void unknownPolicy_isRefused_andAFieldInBoth_is400() {
    String unknown = sdkSas(TestSigner.PRIMARY_KEY, new TableSasSignatureValues("nobody"));
    String both = sdkSas(TestSigner.PRIMARY_KEY, values("r").setIdentifier("readers"));

    assertThatThrownBy(() -> grant(unknown))
        .extracting(t -> ((TableException) t).code())
        .isEqualTo(TableErrorCode.AUTHORIZATION_FAILURE);
    assertThatThrownBy(() -> grant(both))
        .extracting(t -> ((TableException) t).code())
        .isEqualTo(TableErrorCode.INVALID_QUERY_PARAMETER_VALUE);
  }

  @Test
  void grant_refusesOtherTablesTableOperationsAndKeysOutsideItsScope() {
    AccessGrant grant =
        grant(
            sdkSas(
                TestSigner.PRIMARY_KEY,
                values("raud")
                    .setStartPartitionKey("b")
                    .setStartRowKey("2")
                    .setEndPartitionKey("d")
                    .setEndRowKey("2")));

    grant.authorize(ServiceOperation.DELETE_ENTITY, "MYTABLE", new EntityKey("b", "2"));
    grant.authorize(ServiceOperation.DELETE_ENTITY, "MYTABLE", new EntityKey("d", "2"));
    assertCode(
        () -> grant.authorize(ServiceOperation.DELETE_ENTITY, "MyTable", new EntityKey("b", "1")),
        TableErrorCode.AUTHORIZATION_FAILURE);
    assertCode(
        () -> grant.authorize(ServiceOperation.DELETE_ENTITY, "MyTable", new EntityKey("d", "20")),
        TableErrorCode.AUTHORIZATION_FAILURE);
    assertCode(
        () -> grant.authorize(ServiceOperation.QUERY_ENTITIES, "Other", null),
        TableErrorCode.AUTHORIZATION_FAILURE);
    assertCode(
        () -> grant.authorize(ServiceOperation.CREATE_TABLE, null, null),
        TableErrorCode.AUTHORIZATION_FAILURE);
    assertCode(
        () -> grant.authorize(ServiceOperation.GET_TABLE_ACL, "MyTable", null),
        TableErrorCode.AUTHORIZATION_FAILURE);
  }

  @Test
  void connection_outsideTheIpRangeOrOverHttpForHttpsOnly_isRefused() throws Exception {
    AccessGrant grant =
        grant(
            sdkSas(
                TestSigner.PRIMARY_KEY,
                values("r")
                    .setSasIpRange(TableSasIpRange.parse("10.0.0.1-10.0.0.9"))
                    .setProtocol(TableSasProtocol.HTTPS_ONLY)));

    grant.checkConnection("https", InetAddress.getByName("10.0.0.9"));
    assertCode(
        () -> grant.checkConnection("https", InetAddress.getByName("10.0.0.10")),
        TableErrorCode.AUTHORIZATION_SOURCE_IP_MISMATCH);
    assertCode(
        () -> grant.checkConnection("https", null),
        TableErrorCode.AUTHORIZATION_SOURCE_IP_MISMATCH);
    assertCode(
        () -> grant.checkConnection("http", InetAddress.getByName("10.0.0.1")),
        TableErrorCode.AUTHORIZATION_PROTOCOL_MISMATCH);
  }

  @Test
  void accepts_onlyASignatureWithoutAnAuthorizationHeaderOrAccountFields() {
    assertThat(authenticator.accepts(request("sv=2020-12-06&tn=t&sig=x"))).isTrue();
    assertThat(authenticator.accepts(request("sv=2020-12-06&ss=t&srt=o&sig=x"))).isFalse();
    assertThat(
            authenticator.accepts(
                TestRequest.of("GET", "/devstoreaccount1/t()?sig=x")
                    .header("Authorization", "SharedKeyLite a:b")
                    .build()))
        .isFalse();
    assertThat(authenticator.accepts(request("tn=t"))).isFalse();
  }

  private static void assertCode(
      org.assertj.core.api.ThrowableAssert.ThrowingCallable call, TableErrorCode code) {
    assertThatThrownBy(call)
        .isInstanceOf(TableException.class)
        .extracting(t -> ((TableException) t).code())
        .isEqualTo(code);
  }

  private static String encode(String value) {
    return java.net.URLEncoder.encode(value, java.nio.charset.StandardCharsets.UTF_8);
  }
}
