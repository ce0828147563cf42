package dev.tabula.protocol.auth;

import static dev.tabula.protocol.auth.AuthAssertions.rejects;
import static dev.tabula.protocol.auth.TestSigner.ACCOUNT;
import static dev.tabula.protocol.auth.TestSigner.NOW_HTTP;
import static dev.tabula.protocol.auth.TestSigner.OTHER_KEY;
import static dev.tabula.protocol.auth.TestSigner.PRIMARY_KEY;
import static dev.tabula.protocol.auth.TestSigner.SECONDARY_KEY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import dev.tabula.protocol.http.ServiceRequest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Signatures made by the independent {@link TestSigner}: which requests verify, which do not. */
class SharedKeyAuthenticatorTest {
  private static final String TABLES = "/devstoreaccount1/Tables";
  private static final String TABLES_RESOURCE = "/devstoreaccount1/devstoreaccount1/Tables";
  private static final String JSON = "application/json;odata=nometadata";

  private final SharedKeyAuthenticator authenticator = TestSigner.authenticator();

  private static ServiceRequest liteRequest(String key, String uri, String signedResource) {
    return TestRequest.of("GET", uri)
        .header("Date", NOW_HTTP)
        .header("Authorization", TestSigner.lite(key, NOW_HTTP, signedResource))
        .build();
  }

  private static ServiceRequest sharedKeyRequest(
      String key, String method, String uri, String contentType, String signedResource) {
    return TestRequest.of(method, uri)
        .header("x-ms-date", NOW_HTTP)
        .header("Content-Type", contentType)
        .header(
            "Authorization",
            TestSigner.sharedKey(key, method, contentType, NOW_HTTP, signedResource))
        .build();
  }

  @Test
  void sharedKeyLite_signedWithPrimaryKey_isAccepted() {
    AuthResult result =
        authenticator.authenticate(liteRequest(PRIMARY_KEY, TABLES, TABLES_RESOURCE), ACCOUNT);

    assertThat(result).isEqualTo(new AuthResult(ACCOUNT, AuthScheme.SHARED_KEY_LITE));
  }

  @Test
  void sharedKey_signedWithPrimaryKey_isAccepted() {
    ServiceRequest request = sharedKeyRequest(PRIMARY_KEY, "POST", TABLES, JSON, TABLES_RESOURCE);

    assertThat(authenticator.authenticate(request, ACCOUNT))
        .isEqualTo(new AuthResult(ACCOUNT, AuthScheme.SHARED_KEY));
  }

  @Test
  void secondaryKey_isAccepted_forBothSchemes() {
    assertThat(
            authenticator.authenticate(
                liteRequest(SECONDARY_KEY, TABLES, TABLES_RESOURCE), ACCOUNT))
        .isNotNull();
    assertThat(
            authenticator.authenticate(
                sharedKeyRequest(SECONDARY_KEY, "POST", TABLES, JSON, TABLES_RESOURCE), ACCOUNT))
        .isNotNull();
  }

  @Test
  void wrongKey_fails403_withoutEchoingAnySignature() {
    ServiceRequest request = liteRequest(OTHER_KEY, TABLES, TABLES_RESOURCE);

    TableException e = rejects(authenticator, request, TableErrorCode.AUTHENTICATION_FAILED);

    String stringToSign = NOW_HTTP + "\n" + TABLES_RESOURCE;
    assertThat(e.getMessage())
        .contains("Server used following string to sign: '" + stringToSign + "'")
        .doesNotContain(TestSigner.sign(PRIMARY_KEY, stringToSign))
        .doesNotContain(TestSigner.sign(SECONDARY_KEY, stringToSign));
  }

  @Test
  void alteredPath_fails403() {
    ServiceRequest request =
        liteRequest(PRIMARY_KEY, "/devstoreaccount1/Tables('other')", TABLES_RESOURCE);

    rejects(authenticator, request, TableErrorCode.AUTHENTICATION_FAILED);
  }

  @Test
  void pathStyle_mustSignTheAccountTwice() {
    ServiceRequest signedOnce = liteRequest(PRIMARY_KEY, TABLES, "/devstoreaccount1/Tables");

    rejects(authenticator, signedOnce, TableErrorCode.AUTHENTICATION_FAILED);
  }

  @Test
  void hostStyle_signsTheAccountOnce_overThePathTheRouterPasses() {
    ServiceRequest request = liteRequest(PRIMARY_KEY, "/Tables", "/devstoreaccount1/Tables");

    assertThat(authenticator.authenticate(request, ACCOUNT, "/Tables").account())
        .isEqualTo(ACCOUNT);
  }

  @Test
  void signedPath_isTheOneTheRouterPasses_notAlwaysTheRawPath() {
    // A router that maps an alias path (say a secondary endpoint) passes the path the client
    // signed.
    ServiceRequest request =
        liteRequest(PRIMARY_KEY, "/devstoreaccount1-secondary/Tables", TABLES_RESOURCE);

    assertThat(authenticator.authenticate(request, ACCOUNT, TABLES).account()).isEqualTo(ACCOUNT);
    rejects(authenticator, request, TableErrorCode.AUTHENTICATION_FAILED);
  }

  @Test
  void serviceRoot_withEmptyPath_signsASlash() {
    ServiceRequest request =
        TestRequest.of("GET", "?restype=service&comp=properties")
            .header("Date", NOW_HTTP)
            .header(
                "Authorization",
                TestSigner.lite(PRIMARY_KEY, NOW_HTTP, "/devstoreaccount1/?comp=properties"))
            .build();

    assertThat(authenticator.authenticate(request, ACCOUNT).account()).isEqualTo(ACCOUNT);
  }

  @Test
  void sharedKey_alteredContentType_fails403() {
    ServiceRequest signed = sharedKeyRequest(PRIMARY_KEY, "POST", TABLES, JSON, TABLES_RESOURCE);
    ServiceRequest altered =
        TestRequest.of("POST", TABLES)
            .header("x-ms-date", NOW_HTTP)
            .header("Content-Type", "application/json;odata=fullmetadata")
            .header("Authorization", signed.header("Authorization"))
            .build();

    rejects(authenticator, altered, TableErrorCode.AUTHENTICATION_FAILED);
  }

  @Test
  void sharedKey_alteredVerb_fails403() {
    ServiceRequest signed = sharedKeyRequest(PRIMARY_KEY, "GET", TABLES, JSON, TABLES_RESOURCE);
    ServiceRequest altered =
        TestRequest.of("DELETE", TABLES)
            .header("x-ms-date", NOW_HTTP)
            .header("Content-Type", JSON)
            .header("Authorization", signed.header("Authorization"))
            .build();

    rejects(authenticator, altered, TableErrorCode.AUTHENTICATION_FAILED);
  }

  @Test
  void sharedKey_signsContentMd5() {
    String stringToSign = "PUT\nmd5==\n" + JSON + "\n" + NOW_HTTP + "\n" + TABLES_RESOURCE;
    String authorization =
        "SharedKey " + ACCOUNT + ":" + TestSigner.sign(PRIMARY_KEY, stringToSign);
    ServiceRequest withMd5 =
        TestRequest.of("PUT", TABLES)
            .header("x-ms-date", NOW_HTTP)
            .header("Content-Type", JSON)
            .header("Content-MD5", "md5==")
            .header("Authorization", authorization)
            .build();
    ServiceRequest withoutMd5 =
        TestRequest.of("PUT", TABLES)
            .header("x-ms-date", NOW_HTTP)
            .header("Content-Type", JSON)
            .header("Authorization", authorization)
            .build();

    assertThat(authenticator.authenticate(withMd5, ACCOUNT)).isNotNull();
    rejects(authenticator, withoutMd5, TableErrorCode.AUTHENTICATION_FAILED);
  }

  @Test
  void sharedKeyLite_doesNotSignVerbOrContentType() {
    ServiceRequest request =
        TestRequest.of("DELETE", TABLES)
            .header("Date", NOW_HTTP)
            .header("Content-Type", "text/plain")
            .header("Authorization", TestSigner.lite(PRIMARY_KEY, NOW_HTTP, TABLES_RESOURCE))
            .build();

    assertThat(authenticator.authenticate(request, ACCOUNT)).isNotNull();
  }

  @Test
  void queryParametersOtherThanComp_areNotSigned() {
    ServiceRequest request =
        liteRequest(
            PRIMARY_KEY,
            "/devstoreaccount1/people()?$filter=PartitionKey%20eq%20'p'&$top=5&timeout=30",
            "/devstoreaccount1/devstoreaccount1/people()");

    assertThat(authenticator.authenticate(request, ACCOUNT)).isNotNull();
  }

  @Test
  void comp_isSigned() {
    String uri = "/devstoreaccount1/people?comp=acl";
    String withComp = "/devstoreaccount1/devstoreaccount1/people?comp=acl";
    String withoutComp = "/devstoreaccount1/devstoreaccount1/people";

    assertThat(authenticator.authenticate(liteRequest(PRIMARY_KEY, uri, withComp), ACCOUNT))
        .isNotNull();
    rejects(
        authenticator,
        liteRequest(PRIMARY_KEY, uri, withoutComp),
        TableErrorCode.AUTHENTICATION_FAILED);
    rejects(
        authenticator,
        liteRequest(PRIMARY_KEY, "/devstoreaccount1/people?comp=properties", withComp),
        TableErrorCode.AUTHENTICATION_FAILED);
  }

  @Test
  void percentEncodedEntityPath_verifiesAsSent_notDecoded() {
    String uri = "/devstoreaccount1/t(PartitionKey='a%20b',RowKey='%25x')";
    String encoded = "/devstoreaccount1" + uri;
    String decoded = "/devstoreaccount1/devstoreaccount1/t(PartitionKey='a b',RowKey='%x')";

    assertThat(authenticator.authenticate(liteRequest(PRIMARY_KEY, uri, encoded), ACCOUNT))
        .isNotNull();
    rejects(
        authenticator,
        liteRequest(PRIMARY_KEY, uri, decoded),
        TableErrorCode.AUTHENTICATION_FAILED);
  }

  @Test
  void quotedTableName_verifiesAsSent() {
    String uri = "/devstoreaccount1/Tables('x')";

    assertThat(
            authenticator.authenticate(
                liteRequest(PRIMARY_KEY, uri, "/devstoreaccount1" + uri), ACCOUNT))
        .isNotNull();
  }

  @Test
  void accountInHeader_mustBeTheRequestsAccount() {
    ServiceRequest request = liteRequest(PRIMARY_KEY, TABLES, TABLES_RESOURCE);
    AccountKeys twoAccounts =
        AccountKeys.of(Map.of(ACCOUNT, List.of(PRIMARY_KEY), "other", List.of(PRIMARY_KEY)));
    SharedKeyAuthenticator shared = new SharedKeyAuthenticator(twoAccounts, TestSigner.CLOCK);

    TableException e =
        catchThrowableOfType(TableException.class, () -> shared.authenticate(request, "other"));

    assertThat(e.code()).isEqualTo(TableErrorCode.AUTHENTICATION_FAILED);
    assertThat(e.getMessage()).contains("'devstoreaccount1'").contains("'other'");
  }

  @Test
  void unknownAccount_fails403() {
    SharedKeyAuthenticator noAccounts =
        new SharedKeyAuthenticator(
            AccountKeys.of(Map.of("someoneelse", List.of(PRIMARY_KEY))), TestSigner.CLOCK);

    TableException e =
        rejects(
            noAccounts,
            liteRequest(PRIMARY_KEY, TABLES, TABLES_RESOURCE),
            TableErrorCode.AUTHENTICATION_FAILED);
    assertThat(e.getMessage()).contains("Cannot find the claimed account");
  }
}
