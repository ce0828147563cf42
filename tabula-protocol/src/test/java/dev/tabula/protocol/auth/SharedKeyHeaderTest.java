package dev.tabula.protocol.auth;

import static dev.tabula.protocol.auth.AuthAssertions.rejects;
import static dev.tabula.protocol.auth.TestSigner.ACCOUNT;
import static dev.tabula.protocol.auth.TestSigner.NOW_HTTP;
import static dev.tabula.protocol.auth.TestSigner.PRIMARY_KEY;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import dev.tabula.protocol.http.ServiceRequest;
import org.junit.jupiter.api.Test;

/** The shape of the Authorization header and the codes a malformed one earns. */
class SharedKeyHeaderTest {
  private static final String URI = "/devstoreaccount1/Tables";
  private static final String RESOURCE = "/devstoreaccount1/devstoreaccount1/Tables";
  private static final String SIGNATURE = TestSigner.sign(PRIMARY_KEY, NOW_HTTP + "\n" + RESOURCE);

  private final SharedKeyAuthenticator authenticator = TestSigner.authenticator();

  private static ServiceRequest withAuthorization(String... values) {
    TestRequest request = TestRequest.of("GET", URI).header("Date", NOW_HTTP);
    for (String value : values) {
      request.header("Authorization", value);
    }
    return request.build();
  }

  @Test
  void schemeName_isCaseInsensitive() {
    ServiceRequest request = withAuthorization("sharedkeylite " + ACCOUNT + ":" + SIGNATURE);

    assertThat(authenticator.authenticate(request, ACCOUNT).scheme())
        .isEqualTo(AuthScheme.SHARED_KEY_LITE);
  }

  @Test
  void missingHeader_fails401_noAuthenticationInformation() {
    TableException e =
        rejects(authenticator, withAuthorization(), TableErrorCode.NO_AUTHENTICATION_INFORMATION);

    assertThat(e.code().status()).isEqualTo(401);
  }

  @Test
  void noColon_fails400_invalidAuthenticationInfo() {
    TableException e =
        rejects(
            authenticator,
            withAuthorization("SharedKeyLite " + ACCOUNT + SIGNATURE),
            TableErrorCode.INVALID_AUTHENTICATION_INFO);

    assertThat(e.code().status()).isEqualTo(400);
  }

  @Test
  void emptyAccountOrSignature_fails400() {
    rejects(
        authenticator,
        withAuthorization("SharedKeyLite :" + SIGNATURE),
        TableErrorCode.INVALID_AUTHENTICATION_INFO);
    rejects(
        authenticator,
        withAuthorization("SharedKeyLite " + ACCOUNT + ":"),
        TableErrorCode.INVALID_AUTHENTICATION_INFO);
    rejects(
        authenticator,
        withAuthorization("SharedKeyLite " + ACCOUNT + ":" + SIGNATURE + ":extra"),
        TableErrorCode.INVALID_AUTHENTICATION_INFO);
  }

  @Test
  void schemeWithoutCredentials_fails400() {
    rejects(
        authenticator, withAuthorization("SharedKey"), TableErrorCode.INVALID_AUTHENTICATION_INFO);
  }

  @Test
  void signatureNotBase64_fails400_inTheServicesWords() {
    TableException e =
        rejects(
            authenticator,
            withAuthorization("SharedKeyLite " + ACCOUNT + ":not*base64!"),
            TableErrorCode.INVALID_AUTHENTICATION_INFO);

    assertThat(e.getMessage()).contains("Signature is not a valid base64 string.");
  }

  @Test
  void unknownScheme_fails403_notSupported() {
    TableException e =
        rejects(
            authenticator,
            withAuthorization("Basic dXNlcjpwYXNzd29yZA=="),
            TableErrorCode.AUTHENTICATION_FAILED);

    assertThat(e.getMessage())
        .contains("Authentication scheme Basic is not supported")
        .doesNotContain("dXNlcjpwYXNzd29yZA==");
  }

  @Test
  void repeatedHeader_fails400() {
    String valid = "SharedKeyLite " + ACCOUNT + ":" + SIGNATURE;

    rejects(
        authenticator, withAuthorization(valid, valid), TableErrorCode.INVALID_AUTHENTICATION_INFO);
  }

  @Test
  void accepts_onlySharedKeySchemes() {
    assertThat(authenticator.accepts(withAuthorization("SharedKey a:b"))).isTrue();
    assertThat(authenticator.accepts(withAuthorization("SharedKeyLite a:b"))).isTrue();
    assertThat(authenticator.accepts(withAuthorization("Bearer token"))).isFalse();
    assertThat(authenticator.accepts(withAuthorization())).isFalse();
  }

  @Test
  void headerTypes_neverPrintTheCredential() {
    AuthorizationHeader header =
        AuthorizationHeader.of(withAuthorization("SharedKeyLite " + ACCOUNT + ":" + SIGNATURE))
            .orElseThrow();

    assertThat(header.toString()).doesNotContain(SIGNATURE);
    assertThat(SharedKeySignature.parse(header).toString())
        .doesNotContain(SIGNATURE)
        .contains(ACCOUNT);
  }
}
