package dev.tabula.protocol.auth;

import static dev.tabula.protocol.auth.AuthAssertions.rejects;
import static dev.tabula.protocol.auth.TestSigner.ACCOUNT;
import static dev.tabula.protocol.auth.TestSigner.NOW_HTTP;
import static dev.tabula.protocol.auth.TestSigner.PRIMARY_KEY;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.http.ServiceRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

class AuthenticatorChainTest {
  private static final String URI = "/devstoreaccount1/Tables";

  /** A strategy for requests with a {@code sig} query parameter, as a SAS strategy will be. */
  private static final RequestAuthenticator FAKE_SAS =
      new RequestAuthenticator() {
        @Override
        public boolean accepts(ServiceRequest request) {
          return request.queryParameter("sig") != null;
        }

        @Override
        public AuthResult authenticate(ServiceRequest request, String account, String signedPath) {
          return new AuthResult(account + signedPath, AuthScheme.SHARED_KEY);
        }
      };

  private final AuthenticatorChain chain =
      new AuthenticatorChain(List.of(TestSigner.authenticator(), FAKE_SAS));

  @Test
  void sharedKeyRequest_isDecidedBySharedKey() {
    ServiceRequest request =
        TestRequest.of("GET", URI)
            .header("Date", NOW_HTTP)
            .header(
                "Authorization",
                TestSigner.lite(PRIMARY_KEY, NOW_HTTP, "/devstoreaccount1/devstoreaccount1/Tables"))
            .build();

    assertThat(chain.authenticate(request, ACCOUNT))
        .isEqualTo(new AuthResult(ACCOUNT, AuthScheme.SHARED_KEY_LITE));
  }

  @Test
  void otherCredentials_goToTheStrategyThatAcceptsThem_withAccountAndSignedPath() {
    ServiceRequest request = TestRequest.of("GET", URI + "?sig=abc").build();

    assertThat(chain.authenticate(request, ACCOUNT, "/signed").account())
        .isEqualTo(ACCOUNT + "/signed");
  }

  @Test
  void noCredentials_fails401() {
    rejects(
        chain, TestRequest.of("GET", URI).build(), TableErrorCode.NO_AUTHENTICATION_INFORMATION);
  }

  @Test
  void unknownScheme_fails403_notSupported() {
    ServiceRequest request =
        TestRequest.of("GET", URI)
            .header("Date", NOW_HTTP)
            .header("Authorization", "Bearer eyJ0eXAi")
            .build();

    assertThat(rejects(chain, request, TableErrorCode.AUTHENTICATION_FAILED).getMessage())
        .contains("Authentication scheme Bearer is not supported")
        .doesNotContain("eyJ0eXAi");
  }

  @Test
  void headerWithoutCredentials_fails400() {
    ServiceRequest request = TestRequest.of("GET", URI).header("Authorization", "Bearer").build();

    rejects(chain, request, TableErrorCode.INVALID_AUTHENTICATION_INFO);
  }

  @Test
  void accepts_whenAnyStrategyDoes() {
    assertThat(chain.accepts(TestRequest.of("GET", URI + "?sig=abc").build())).isTrue();
    assertThat(chain.accepts(TestRequest.of("GET", URI).build())).isFalse();
  }
}
