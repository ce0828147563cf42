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

/** Which date is signed, and how far it may be from the server's clock. */
class SharedKeyDatesTest {
  private static final String URI = "/devstoreaccount1/Tables";
  private static final String RESOURCE = "/devstoreaccount1/devstoreaccount1/Tables";
  private static final String MINUS_16 = "Mon, 30 Nov 2026 07:01:00 GMT";
  private static final String MINUS_14 = "Mon, 30 Nov 2026 07:03:00 GMT";
  private static final String PLUS_14 = "Mon, 30 Nov 2026 07:31:00 GMT";
  private static final String PLUS_16 = "Mon, 30 Nov 2026 07:33:00 GMT";

  private final SharedKeyAuthenticator authenticator = TestSigner.authenticator();

  private static ServiceRequest lite(String dateHeader, String date, String signedDate) {
    return TestRequest.of("GET", URI)
        .header(dateHeader, date)
        .header("Authorization", TestSigner.lite(PRIMARY_KEY, signedDate, RESOURCE))
        .build();
  }

  @Test
  void xMsDate_isSigned_whenPresent() {
    ServiceRequest request =
        TestRequest.of("GET", URI)
            .header("x-ms-date", NOW_HTTP)
            .header("Date", MINUS_14)
            .header("Authorization", TestSigner.lite(PRIMARY_KEY, NOW_HTTP, RESOURCE))
            .build();

    assertThat(authenticator.authenticate(request, ACCOUNT)).isNotNull();
  }

  @Test
  void dateHeader_isSigned_whenXMsDateIsAbsent() {
    assertThat(authenticator.authenticate(lite("Date", NOW_HTTP, NOW_HTTP), ACCOUNT)).isNotNull();
  }

  @Test
  void dateHeader_signedWhileXMsDateIsPresent_isAccepted_asAzuriteDoes() {
    ServiceRequest request =
        TestRequest.of("GET", URI)
            .header("x-ms-date", NOW_HTTP)
            .header("Date", MINUS_14)
            .header("Authorization", TestSigner.lite(PRIMARY_KEY, MINUS_14, RESOURCE))
            .build();

    assertThat(authenticator.authenticate(request, ACCOUNT)).isNotNull();
  }

  @Test
  void staleSignedDate_cannotBeReplayed_byAddingAFreshXMsDate() {
    ServiceRequest replay =
        TestRequest.of("GET", URI)
            .header("x-ms-date", NOW_HTTP)
            .header("Date", MINUS_16)
            .header("Authorization", TestSigner.lite(PRIMARY_KEY, MINUS_16, RESOURCE))
            .build();

    rejects(authenticator, replay, TableErrorCode.AUTHENTICATION_FAILED);
  }

  @Test
  void emptyDateLine_isNotAccepted_evenWhenXMsDateIsPresent() {
    // Java's policy signs an empty date line if a caller adds x-ms-date itself (its pipeline never
    // does). Such a signature binds no time and could be replayed forever, so it is refused.
    ServiceRequest request =
        TestRequest.of("GET", URI)
            .header("x-ms-date", NOW_HTTP)
            .header("Authorization", TestSigner.lite(PRIMARY_KEY, "", RESOURCE))
            .build();

    rejects(authenticator, request, TableErrorCode.AUTHENTICATION_FAILED);
  }

  @Test
  void alteredDate_fails403() {
    ServiceRequest request = lite("Date", "Mon, 30 Nov 2026 07:17:01 GMT", NOW_HTTP);

    rejects(authenticator, request, TableErrorCode.AUTHENTICATION_FAILED);
  }

  @Test
  void dateWithin15Minutes_eitherWay_isAccepted() {
    assertThat(authenticator.authenticate(lite("Date", MINUS_14, MINUS_14), ACCOUNT)).isNotNull();
    assertThat(authenticator.authenticate(lite("x-ms-date", PLUS_14, PLUS_14), ACCOUNT))
        .isNotNull();
  }

  @Test
  void staleDate_16MinutesOld_fails403_tooOld() {
    TableException e =
        rejects(
            authenticator,
            lite("x-ms-date", MINUS_16, MINUS_16),
            TableErrorCode.AUTHENTICATION_FAILED);

    assertThat(e.getMessage()).contains("Request date header too old: '" + MINUS_16 + "'");
  }

  @Test
  void futureDate_16MinutesAhead_fails403() {
    TableException e =
        rejects(
            authenticator, lite("Date", PLUS_16, PLUS_16), TableErrorCode.AUTHENTICATION_FAILED);

    assertThat(e.getMessage()).contains("too far in the future");
  }

  @Test
  void missingDate_fails403_notSpecified() {
    ServiceRequest request =
        TestRequest.of("GET", URI)
            .header("Authorization", TestSigner.lite(PRIMARY_KEY, "", RESOURCE))
            .build();

    TableException e = rejects(authenticator, request, TableErrorCode.AUTHENTICATION_FAILED);

    assertThat(e.getMessage()).contains("Request date header not specified");
  }

  @Test
  void unparseableDate_fails403_incorrect() {
    TableException e =
        rejects(
            authenticator,
            lite("x-ms-date", "yesterday", "yesterday"),
            TableErrorCode.AUTHENTICATION_FAILED);

    assertThat(e.getMessage()).contains("The Date header in the request is incorrect.");
  }

  @Test
  void dateIsCheckedBeforeTheSignature() {
    // A stale request with a wrong signature reports the date, as the service does.
    ServiceRequest request =
        TestRequest.of("GET", URI)
            .header("Date", MINUS_16)
            .header("Authorization", TestSigner.lite(TestSigner.OTHER_KEY, MINUS_16, RESOURCE))
            .build();

    assertThat(rejects(authenticator, request, TableErrorCode.AUTHENTICATION_FAILED).getMessage())
        .contains("too old");
  }
}
