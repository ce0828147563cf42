package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableServiceCorsRule;
import com.azure.data.tables.models.TableServiceProperties;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.RawClient;
import dev.tabula.conformance.support.RawRequest;
import dev.tabula.conformance.support.RawResponse;
import dev.tabula.conformance.support.TestAccounts;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * CORS as the service applies it: the preflight matrix of "CORS support for the Azure Storage
 * services" (its rule-evaluation example, first matching rule wins, headers checked only against
 * it), anonymous preflights on any path, and the Access-Control and Vary headers on actual
 * responses.
 */
@OnEveryEngine
class CorsContract extends ConformanceBase {
  private static final String CONTOSO = "http://www.contoso.com";
  private static final String EXACT = "http://exact.example";

  private static TableServiceCorsRule rule(
      String origins, String methods, String allowedHeaders, int maxAge) {
    return new TableServiceCorsRule()
        .setAllowedOrigins(origins)
        .setAllowedMethods(methods)
        .setAllowedHeaders(allowedHeaders)
        .setExposedHeaders("x-ms-*")
        .setMaxAgeInSeconds(maxAge);
  }

  /** The example rules of the CORS document, with DELETE and a prefixed header added to rule 1. */
  @BeforeEach
  void setExampleRules() {
    service.setProperties(
        new TableServiceProperties()
            .setCorsRules(
                List.of(
                    rule(CONTOSO, "PUT,HEAD,DELETE", "x-ms-blob-content-type,x-ms-meta-data*", 5),
                    rule(
                        "*", "PUT,GET", "x-ms-blob-content-type, x-ms-blob-content-disposition", 6),
                    rule(CONTOSO, "GET", "x-ms-client-request-id", 7))));
  }

  private RawResponse preflight(String path, String origin, String method, String headers) {
    return raw.request("OPTIONS", path)
        .scheme(RawRequest.Scheme.NONE)
        .header("x-ms-version", null)
        .header("x-ms-date", null)
        .header("Origin", origin)
        .header("Access-Control-Request-Method", method)
        .header("Access-Control-Request-Headers", headers)
        .send();
  }

  @ParameterizedTest(name = "{0} from {1} with [{2}] -> {3}")
  @CsvSource(
      nullValues = "none",
      value = {
        // The document's three example requests.
        "PUT,    http://www.contoso.com, x-ms-blob-content-type,  200, 5",
        "GET,    http://www.contoso.com, x-ms-blob-content-type,  200, 6",
        "GET,    http://www.contoso.com, x-ms-client-request-id,  403, none",
        // Prefixed allowed headers, header names in any case, no headers at all.
        "PUT,    http://www.contoso.com, x-ms-meta-data-abc,      200, 5",
        "PUT,    http://www.contoso.com, X-MS-BLOB-CONTENT-TYPE,  200, 5",
        "PUT,    http://www.contoso.com, x-ms-meta-other,         403, none",
        "DELETE, http://www.contoso.com, none,                    200, 5",
        // Origins match exactly and case-sensitively; * allows any origin for its methods.
        "DELETE, http://WWW.CONTOSO.COM, none,                    403, none",
        "DELETE, http://www.fabrikam.com, none,                   403, none",
        "PUT,    http://www.fabrikam.com, x-ms-blob-content-disposition, 200, 6",
        "MERGE,  http://www.contoso.com, none,                    403, none",
      })
  void preflight_followsTheFirstRuleMatchingOriginAndMethod(
      String method, String origin, String headers, int status, Integer maxAge) {
    RawResponse response = preflight("mytable", origin, method, headers);

    assertThat(response.status()).as("%s", response).isEqualTo(status);
    if (status == 200) {
      assertThat(response.header("Access-Control-Allow-Origin")).isEqualTo(origin);
      assertThat(response.header("Access-Control-Allow-Methods")).isEqualTo(method);
      assertThat(response.header("Access-Control-Allow-Headers")).isEqualTo(headers);
      assertThat(response.header("Access-Control-Max-Age")).isEqualTo(maxAge.toString());
      assertThat(response.header("Access-Control-Allow-Credentials")).isEqualTo("true");
    } else {
      assertError(response, 403, "CorsPreflightFailure");
      assertThat(response.hasHeader("Access-Control-Allow-Origin")).isFalse();
    }
  }

  @ParameterizedTest(name = "OPTIONS /{0}")
  @CsvSource({
    "''",
    "Tables",
    "Tables('t')",
    "nosuchtable",
    "t(PartitionKey='p',RowKey='r')",
    "$batch",
    "a/b/c",
    "?restype=service&comp=properties"
  })
  void preflight_isAnonymous_andIgnoresThePath(String path) {
    RawResponse response = preflight(path, CONTOSO, "PUT", null);

    assertThat(response.status()).as("%s", response).isEqualTo(200);
    assertThat(response.hasHeader("Access-Control-Allow-Headers")).isFalse();
    assertThat(response.header("x-ms-request-id")).isNotBlank();
  }

  @Test
  void preflight_withoutOriginOrRequestMethod_isBadRequest() {
    assertError(preflight("t", null, "PUT", null), 400, "InvalidHeaderValue");
    assertError(preflight("t", CONTOSO, null, null), 400, "InvalidHeaderValue");
    assertError(preflight("t", null, null, null), 400, "InvalidHeaderValue");
  }

  @Test
  void preflight_withoutRules_isCorsPreflightFailure() {
    Clients.service(server, TestAccounts.SECOND)
        .setProperties(new TableServiceProperties().setCorsRules(List.of()));
    RawResponse response =
        new RawClient(server, TestAccounts.SECOND)
            .request("OPTIONS", "t")
            .scheme(RawRequest.Scheme.NONE)
            .header("Origin", CONTOSO)
            .header("Access-Control-Request-Method", "GET")
            .send();

    assertError(response, 403, "CorsPreflightFailure");
  }

  @Test
  void actualRequest_matchingAWildcardRule_allowsAnyOrigin() {
    RawResponse response = raw.get("Tables").header("Origin", CONTOSO).send();

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("Access-Control-Allow-Origin")).isEqualTo("*");
    assertThat(response.header("Access-Control-Expose-Headers"))
        .contains("x-ms-request-id")
        .contains("x-ms-version")
        .doesNotContain("Content-Type");
    assertThat(response.hasHeader("Access-Control-Allow-Credentials")).isFalse();
    assertThat(response.hasHeader("Vary")).isFalse();
  }

  @Test
  void actualRequest_matchingAnExactOrigin_echoesIt_withCredentials() {
    String table = uniqueTableName();
    service.createTable(table);

    RawResponse response =
        raw.put(table + "(PartitionKey='p',RowKey='r')")
            .header("Origin", CONTOSO)
            .json("{\"a\":1}")
            .send();

    assertThat(response.status()).isEqualTo(204);
    assertThat(response.header("Access-Control-Allow-Origin")).isEqualTo(CONTOSO);
    assertThat(response.header("Access-Control-Allow-Credentials")).isEqualTo("true");
    assertThat(response.header("Access-Control-Expose-Headers")).contains("x-ms-request-id");
    // Only GET and HEAD answers vary by origin: other methods' answers are not cached.
    assertThat(response.hasHeader("Vary")).isFalse();
  }

  @Test
  void actualGet_onExactRules_variesByOrigin_andErrorsCarryTheHeadersToo() {
    TableServiceClient second = Clients.service(server, TestAccounts.SECOND);
    second.setProperties(
        new TableServiceProperties().setCorsRules(List.of(rule(EXACT, "GET", "", 60))));
    RawClient secondRaw = new RawClient(server, TestAccounts.SECOND);

    RawResponse matching = secondRaw.get("Tables").header("Origin", EXACT).send();
    RawResponse error = secondRaw.get("nosuchtable()").header("Origin", EXACT).send();
    RawResponse other = secondRaw.get("Tables").header("Origin", "http://other.example").send();
    RawResponse noOrigin = secondRaw.get("Tables").send();

    assertThat(matching.header("Access-Control-Allow-Origin")).isEqualTo(EXACT);
    assertThat(matching.header("Vary")).isEqualTo("Origin");
    assertThat(error.status()).isEqualTo(404);
    assertThat(error.header("Access-Control-Allow-Origin")).isEqualTo(EXACT);
    assertThat(error.header("Access-Control-Expose-Headers")).contains("x-ms-error-code");
    assertThat(other.hasHeader("Access-Control-Allow-Origin")).isFalse();
    assertThat(other.header("Vary")).isEqualTo("Origin");
    assertThat(noOrigin.hasHeader("Access-Control-Allow-Origin")).isFalse();
    assertThat(noOrigin.header("Vary")).isEqualTo("Origin");
  }

  @Test
  void actualRequest_withoutRules_getsNoCorsHeaders() {
    Clients.service(server, TestAccounts.SECOND)
        .setProperties(new TableServiceProperties().setCorsRules(List.of()));

    RawResponse response =
        new RawClient(server, TestAccounts.SECOND).get("Tables").header("Origin", CONTOSO).send();

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.hasHeader("Access-Control-Allow-Origin")).isFalse();
    assertThat(response.hasHeader("Vary")).isFalse();
  }
}
