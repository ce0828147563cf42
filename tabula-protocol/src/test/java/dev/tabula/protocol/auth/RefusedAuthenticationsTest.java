package dev.tabula.protocol.auth;

import static dev.tabula.protocol.auth.TestSigner.NOW_HTTP;
import static dev.tabula.protocol.auth.TestSigner.OTHER_KEY;
import static dev.tabula.protocol.auth.TestSigner.PRIMARY_KEY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import dev.tabula.protocol.http.ServiceRequest;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The refused-authentication line: its words, what it leaves out, and its bound. */
class RefusedAuthenticationsTest {
  private static final String TABLES_RESOURCE = "/devstoreaccount1/devstoreaccount1/Tables";

  private final List<String> lines = new ArrayList<>();
  private final AtomicLong now = new AtomicLong(5_000_000_000L);
  private final RefusedAuthentications refusals = new RefusedAuthentications(lines::add, now::get);

  @Test
  void aWrongKey_isOneLine_withTheReason_andNoSignatureNorStringToSign() throws Exception {
    String authorization = TestSigner.lite(OTHER_KEY, NOW_HTTP, TABLES_RESOURCE);
    ServiceRequest request =
        new ServiceRequest(
            "GET",
            "/devstoreaccount1/Tables",
            Map.of("Date", List.of(NOW_HTTP), "Authorization", List.of(authorization)),
            new byte[0],
            InetAddress.getByName("192.0.2.7"));
    TableException refusal =
        catchThrowableOfType(
            TableException.class,
            () -> TestSigner.authenticator().authenticate(request, TestSigner.ACCOUNT));

    refusals.refused(request, TestSigner.ACCOUNT, refusal);

    assertThat(lines)
        .containsExactly(
            "Authentication refused for account devstoreaccount1 from 192.0.2.7 (SharedKeyLite):"
                + " AuthenticationFailed: The MAC signature found in the HTTP request is not the"
                + " same as any computed signature.");
    String stringToSign = NOW_HTTP + "\n" + TABLES_RESOURCE;
    assertThat(refusal.getMessage()).contains(stringToSign); // the client is told; the log is not
    assertThat(lines.get(0))
        .doesNotContain(NOW_HTTP)
        .doesNotContain(authorization.substring(authorization.indexOf(':') + 1))
        .doesNotContain(TestSigner.sign(PRIMARY_KEY, stringToSign))
        .doesNotContain(OTHER_KEY)
        .doesNotContain(PRIMARY_KEY);
  }

  @Test
  void aSasMismatch_isLoggedWithoutItsStringToSign() {
    TableException refusal = AuthenticationErrors.sasMismatch("r\n\n2027-01-01T00:00:00Z\n/table");

    assertThat(AuthenticationErrors.logSafeDetail(refusal)).isEqualTo("Signature did not match.");
  }

  @Test
  void aRefusalWithoutDetail_saysItsMessage_andTheCredentialsItCarried() {
    ServiceRequest anonymous =
        new ServiceRequest(
            "GET", "/devstoreaccount1/Tables?sv=1&sig=c2lnbmF0dXJl", Map.of(), new byte[0]);

    refusals.refused(
        anonymous, "devstoreaccount1", TableErrorCode.NO_AUTHENTICATION_INFORMATION.exception());

    assertThat(lines)
        .containsExactly(
            "Authentication refused for account devstoreaccount1 from an unknown address (SAS):"
                + " NoAuthenticationInformation: Server failed to authenticate the request."
                + " Please refer to the information in the www-authenticate header.");
    assertThat(lines.get(0)).doesNotContain("c2lnbmF0dXJl");
  }

  @Test
  void clientText_cannotForgeALine() {
    refusals.refused(
        request(), "dev\nFAKE", AuthenticationErrors.authenticationFailed("bad\r\ndate"));

    assertThat(lines).singleElement().asString().doesNotContain("\n").doesNotContain("\r");
    assertThat(lines.get(0)).contains("dev?FAKE").endsWith("AuthenticationFailed: bad??date");
  }

  @Test
  void aFlood_isBoundedPerSecond_andWhatWasLeftOutIsCountedOnTheNextLine() {
    TableException refusal = AuthenticationErrors.authenticationFailed("wrong");
    for (int i = 0; i < 25; i++) {
      refusals.refused(request(), "devstoreaccount1", refusal);
    }
    assertThat(lines).hasSize(RefusedAuthentications.LINES_PER_SECOND);
    assertThat(lines).noneMatch(line -> line.contains("not logged"));

    now.addAndGet(1_000_000_000L);
    refusals.refused(request(), "devstoreaccount1", refusal);
    refusals.refused(request(), "devstoreaccount1", refusal);

    assertThat(lines).hasSize(RefusedAuthentications.LINES_PER_SECOND + 2);
    assertThat(lines.get(RefusedAuthentications.LINES_PER_SECOND))
        .endsWith(
            "AuthenticationFailed: wrong [15 more refusals were not logged: at most 10 lines a"
                + " second]");
    assertThat(lines.get(RefusedAuthentications.LINES_PER_SECOND + 1)).endsWith(": wrong");
  }

  @Test
  void onlyRefusedCredentials_areRefusals() {
    assertThat(RefusedAuthentications.isRefusal(AuthenticationErrors.authenticationFailed("x")))
        .isTrue();
    assertThat(
            RefusedAuthentications.isRefusal(AuthenticationErrors.invalidAuthenticationInfo("x")))
        .isTrue();
    assertThat(RefusedAuthentications.isRefusal(AuthenticationErrors.noAuthenticationInformation()))
        .isTrue();
    assertThat(RefusedAuthentications.isRefusal(TableErrorCode.SERVER_BUSY.exception())).isFalse();
  }

  private static ServiceRequest request() {
    return new ServiceRequest(
        "GET",
        "/devstoreaccount1/Tables",
        Map.of("Authorization", List.of("SharedKey devstoreaccount1:c2lnbmF0dXJl")),
        new byte[0]);
  }
}
