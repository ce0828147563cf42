package dev.tabula.protocol.auth;

import static dev.tabula.protocol.auth.TestSigner.ACCOUNT;
import static dev.tabula.protocol.auth.TestSigner.OTHER_KEY;
import static dev.tabula.protocol.auth.TestSigner.PRIMARY_KEY;
import static dev.tabula.protocol.auth.TestSigner.SECONDARY_KEY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.azure.core.credential.AzureNamedKeyCredential;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.ListEntitiesOptions;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import dev.tabula.protocol.http.ServiceRequest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Requests signed by the official Java SDK (com.azure:azure-data-tables, its own pipeline and
 * {@code TableAzureNamedKeyCredentialPolicy}) must verify exactly as sent.
 */
class JavaSdkSignatureTest {
  private static final String PATH_STYLE = "http://127.0.0.1:10002/" + ACCOUNT;

  private final CapturingHttpClient http = new CapturingHttpClient();

  private TableClient table(String endpoint, String key) {
    return new TableClientBuilder()
        .endpoint(endpoint)
        .tableName("people")
        .credential(new AzureNamedKeyCredential(ACCOUNT, key))
        .httpClient(http)
        .buildClient();
  }

  private TableServiceClient service(String key) {
    return new TableServiceClientBuilder()
        .endpoint(PATH_STYLE)
        .credential(new AzureNamedKeyCredential(ACCOUNT, key))
        .httpClient(http)
        .buildClient();
  }

  /** Sends through the SDK; the fake server's 404 surfaces as an SDK exception we ignore. */
  private ServiceRequest send(Runnable call) {
    try {
      call.run();
    } catch (RuntimeException expected) {
      // 404 ResourceNotFound from CapturingHttpClient.
    }
    return http.last();
  }

  /** Verifies with a server clock set to the request's own date, plus {@code drift}. */
  private static AuthResult verify(ServiceRequest request, Duration drift) {
    Instant sent = RequestDateWindow.parse(request.header("Date")).orElseThrow();
    Clock clock = Clock.fixed(sent.plus(drift), ZoneOffset.UTC);
    return new SharedKeyAuthenticator(TestSigner.keys(), clock).authenticate(request, ACCOUNT);
  }

  private static AuthResult verify(ServiceRequest request) {
    return verify(request, Duration.ZERO);
  }

  @Test
  void createTable_isSharedKeyLite_overTheDateHeader_andVerifies() {
    ServiceRequest request = send(() -> service(PRIMARY_KEY).createTable("people"));

    assertThat(request.rawPath()).isEqualTo("/devstoreaccount1/Tables");
    assertThat(request.header("Authorization")).startsWith("SharedKeyLite devstoreaccount1:");
    assertThat(request.header("Date")).isNotBlank();
    assertThat(request.header("x-ms-date")).isNull();
    assertThat(verify(request)).isEqualTo(new AuthResult(ACCOUNT, AuthScheme.SHARED_KEY_LITE));
  }

  @Test
  void entityKeysWithSpaceAndPercent_verifyAsTheSdkEncodesThem() {
    ServiceRequest request = send(() -> table(PATH_STYLE, PRIMARY_KEY).deleteEntity("a b", "%x"));

    assertThat(request.rawPath())
        .isEqualTo("/devstoreaccount1/people(PartitionKey='a%20b',RowKey='%25x')");
    assertThat(verify(request).account()).isEqualTo(ACCOUNT);
  }

  @Test
  void entityKeysWithQuoteAndSlash_verifyAsTheSdkEncodesThem() {
    ServiceRequest request = send(() -> table(PATH_STYLE, PRIMARY_KEY).deleteEntity("o'k", "r/1"));

    // Java leaves the doubled quote raw where Python sends %27%27 (PythonSdkSignatureTest).
    assertThat(request.rawPath())
        .isEqualTo("/devstoreaccount1/people(PartitionKey='o''k',RowKey='r%2F1')");
    assertThat(verify(request).account()).isEqualTo(ACCOUNT);
  }

  @Test
  void deleteTable_quotedNameInPath_verifies() {
    ServiceRequest request = send(() -> service(PRIMARY_KEY).deleteTable("x"));

    assertThat(request.rawPath()).isEqualTo("/devstoreaccount1/Tables('x')");
    assertThat(verify(request).account()).isEqualTo(ACCOUNT);
  }

  @Test
  void queryWithFilterAndSelect_verifies_becauseOnlyCompIsSigned() {
    ListEntitiesOptions options =
        new ListEntitiesOptions().setFilter("PartitionKey eq 'a b'").setSelect(List.of("v"));
    ServiceRequest request =
        send(
            () -> {
              // Asking for the first entity is what sends the request.
              boolean unused =
                  table(PATH_STYLE, PRIMARY_KEY)
                      .listEntities(options, null, null)
                      .iterator()
                      .hasNext();
            });

    assertThat(request.rawQuery()).contains("$filter=");
    assertThat(verify(request).account()).isEqualTo(ACCOUNT);
  }

  @Test
  void comp_isSignedAsTheSdkSendsIt() {
    ServiceRequest request = send(() -> table(PATH_STYLE, PRIMARY_KEY).getAccessPolicies());

    assertThat(request.queryParameter("comp")).isEqualTo("acl");
    assertThat(verify(request).account()).isEqualTo(ACCOUNT);
    ServiceRequest compDropped = retarget(request, request.rawPath());
    assertRejected(compDropped);
  }

  @Test
  void serviceProperties_onTheAccountRoot_verify() {
    ServiceRequest request = send(() -> service(PRIMARY_KEY).getProperties());

    assertThat(request.queryParameter("comp")).isEqualTo("properties");
    assertThat(verify(request).account()).isEqualTo(ACCOUNT);
  }

  @Test
  void secondaryKey_verifies() {
    ServiceRequest request = send(() -> service(SECONDARY_KEY).createTable("people"));

    assertThat(verify(request).account()).isEqualTo(ACCOUNT);
  }

  @Test
  void unknownKey_isRejected() {
    assertRejected(send(() -> service(OTHER_KEY).createTable("people")));
  }

  @Test
  void hostStyle_verifiesOverThePathWithoutTheAccount() {
    ServiceRequest request =
        send(
            () ->
                table("http://devstoreaccount1.table.tabula.test", PRIMARY_KEY)
                    .deleteEntity("p", "r"));

    assertThat(request.rawPath()).startsWith("/people(");
    assertThat(verify(request).account()).isEqualTo(ACCOUNT);
  }

  @Test
  void alteredPath_isRejected() {
    ServiceRequest signed = send(() -> table(PATH_STYLE, PRIMARY_KEY).deleteEntity("p", "r1"));

    assertRejected(retarget(signed, signed.rawPath().replace("r1", "r2")));
  }

  @Test
  void requestVerifiedSixteenMinutesLate_isRejected() {
    ServiceRequest request = send(() -> service(PRIMARY_KEY).createTable("people"));

    assertThat(verify(request, Duration.ofMinutes(14)).account()).isEqualTo(ACCOUNT);
    TableException e =
        catchThrowableOfType(TableException.class, () -> verify(request, Duration.ofMinutes(16)));
    assertThat(e.getMessage()).contains("Request date header too old");
  }

  private static void assertRejected(ServiceRequest request) {
    TableException e = catchThrowableOfType(TableException.class, () -> verify(request));

    assertThat(e).isNotNull();
    assertThat(e.code()).isEqualTo(TableErrorCode.AUTHENTICATION_FAILED);
    AuthAssertions.assertNoSecrets(e.getMessage(), request);
  }

  /** The same headers sent to another URI, as a tampering client would. */
  private static ServiceRequest retarget(ServiceRequest request, String uri) {
    Map<String, List<String>> headers = request.headers();
    return new ServiceRequest(request.method(), uri, headers, request.body());
  }
}
