package dev.tabula.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import dev.tabula.protocol.http.ServiceRequest;

/** Runs an authentication expected to fail and checks that its message leaks no secret. */
final class AuthAssertions {
  private AuthAssertions() {}

  /**
   * Authenticates {@code request} for the test account, expects {@code code}, and checks the
   * message starts with the service's text and holds neither a key nor the received signature.
   */
  static TableException rejects(
      RequestAuthenticator authenticator, ServiceRequest request, TableErrorCode code) {
    TableException e =
        catchThrowableOfType(
            TableException.class, () -> authenticator.authenticate(request, TestSigner.ACCOUNT));
    assertThat(e).as("expected %s", code).isNotNull();
    assertThat(e.code()).isEqualTo(code);
    assertThat(e.getMessage()).startsWith(code.defaultMessage());
    assertNoSecrets(e.getMessage(), request);
    return e;
  }

  static void assertNoSecrets(String message, ServiceRequest request) {
    assertThat(message)
        .doesNotContain(TestSigner.PRIMARY_KEY)
        .doesNotContain(TestSigner.SECONDARY_KEY)
        .doesNotContain(TestSigner.OTHER_KEY);
    String authorization = request.header("Authorization");
    if (authorization != null && authorization.contains(":")) {
      String signature = authorization.substring(authorization.indexOf(':') + 1).strip();
      if (signature.length() > 8) {
        assertThat(message).doesNotContain(signature);
      }
    }
  }
}
