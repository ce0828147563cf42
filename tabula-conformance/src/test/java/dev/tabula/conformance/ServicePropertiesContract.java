package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertHttpError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableServiceCorsRule;
import com.azure.data.tables.models.TableServiceLogging;
import com.azure.data.tables.models.TableServiceMetrics;
import com.azure.data.tables.models.TableServiceProperties;
import com.azure.data.tables.models.TableServiceRetentionPolicy;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.RawResponse;
import dev.tabula.conformance.support.TestAccounts;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Get and Set Table Service Properties, through the SDK and as raw XML: defaults of a fresh
 * account, a full round trip, partial updates that keep what they omit, the limits, and per-account
 * isolation. Get Table Service Stats, which only the secondary endpoint answers, is {@link
 * SecondaryEndpointContract}'s.
 */
@OnEveryEngine
class ServicePropertiesContract extends ConformanceBase {
  private static final String PROPERTIES = "?restype=service&comp=properties";

  static TableServiceRetentionPolicy retention(Integer days) {
    return new TableServiceRetentionPolicy().setEnabled(days != null).setDaysToRetain(days);
  }

  static TableServiceCorsRule rule(String origins, String methods) {
    return new TableServiceCorsRule()
        .setAllowedOrigins(origins)
        .setAllowedMethods(methods)
        .setAllowedHeaders("x-ms-meta-data*,x-ms-client-request-id")
        .setExposedHeaders("x-ms-meta-*")
        .setMaxAgeInSeconds(500);
  }

  private static TableServiceProperties full() {
    return new TableServiceProperties()
        .setLogging(
            new TableServiceLogging()
                .setAnalyticsVersion("1.0")
                .setDeleteLogged(true)
                .setReadLogged(false)
                .setWriteLogged(true)
                .setRetentionPolicy(retention(7)))
        .setHourMetrics(
            new TableServiceMetrics()
                .setVersion("1.0")
                .setEnabled(true)
                .setIncludeApis(false)
                .setRetentionPolicy(retention(30)))
        .setMinuteMetrics(
            new TableServiceMetrics()
                .setVersion("1.0")
                .setEnabled(false)
                .setRetentionPolicy(retention(null)))
        .setCorsRules(
            List.of(
                rule("http://www.contoso.com,http://www.fabrikam.com", "GET,PUT"),
                rule("*", "GET")));
  }

  @Test
  void getProperties_ofAFreshAccount_areTheDefaults() {
    TableServiceClient second = Clients.service(server, TestAccounts.SECOND);

    TableServiceProperties properties = second.getProperties();

    assertThat(properties.getLogging().getAnalyticsVersion()).isEqualTo("1.0");
    assertThat(properties.getLogging().isDeleteLogged()).isFalse();
    assertThat(properties.getLogging().getRetentionPolicy().isEnabled()).isFalse();
    assertThat(properties.getHourMetrics().isEnabled()).isFalse();
    assertThat(properties.getMinuteMetrics().isEnabled()).isFalse();
    assertThat(properties.getCorsRules()).isNullOrEmpty();
  }

  @Test
  void setProperties_fromTheSdk_areReturnedByGet() {
    service.setProperties(full());

    TableServiceProperties read = service.getProperties();

    assertThat(read.getLogging().isDeleteLogged()).isTrue();
    assertThat(read.getLogging().isReadLogged()).isFalse();
    assertThat(read.getLogging().isWriteLogged()).isTrue();
    assertThat(read.getLogging().getRetentionPolicy().getDaysToRetain()).isEqualTo(7);
    assertThat(read.getHourMetrics().isEnabled()).isTrue();
    assertThat(read.getHourMetrics().isIncludeApis()).isFalse();
    assertThat(read.getHourMetrics().getTableServiceRetentionPolicy().getDaysToRetain())
        .isEqualTo(30);
    assertThat(read.getMinuteMetrics().isEnabled()).isFalse();
    assertThat(read.getMinuteMetrics().getTableServiceRetentionPolicy().isEnabled()).isFalse();
    assertThat(read.getCorsRules()).hasSize(2);
    TableServiceCorsRule first = read.getCorsRules().get(0);
    assertThat(first.getAllowedOrigins())
        .isEqualTo("http://www.contoso.com,http://www.fabrikam.com");
    assertThat(first.getAllowedMethods()).isEqualTo("GET,PUT");
    assertThat(first.getAllowedHeaders()).isEqualTo("x-ms-meta-data*,x-ms-client-request-id");
    assertThat(first.getExposedHeaders()).isEqualTo("x-ms-meta-*");
    assertThat(first.getMaxAgeInSeconds()).isEqualTo(500);
    assertThat(read.getCorsRules().get(1).getAllowedOrigins()).isEqualTo("*");
  }

  @Test
  void setProperties_answers202_andGetAnswersXml() {
    RawResponse set =
        raw.put(PROPERTIES)
            .xml(
                "<?xml version=\"1.0\" encoding=\"utf-8\"?><StorageServiceProperties><Logging>"
                    + "<Version>1.0</Version><Delete>false</Delete><Read>true</Read><Write>false</Write>"
                    + "<RetentionPolicy><Enabled>false</Enabled></RetentionPolicy></Logging><Cors/>"
                    + "</StorageServiceProperties>")
            .send();
    RawResponse get = raw.get(PROPERTIES).send();

    assertThat(set.status()).isEqualTo(202);
    assertThat(get.status()).isEqualTo(200);
    assertThat(get.header("Content-Type")).startsWith("application/xml");
    // A byte order mark, then Logging's children as Version, Read, Write, Delete: a real account's
    // answer (Azure/azure-sdk-for-python recording
    // test_table_service_properties.pyTestTableServicePropertiestest_table_service_properties.json).
    assertThat(get.bodyText())
        .startsWith("\uFEFF<?xml version=\"1.0\" encoding=\"utf-8\"?>")
        .contains(
            "<StorageServiceProperties><Logging><Version>1.0</Version>"
                + "<Read>true</Read><Write>false</Write><Delete>false</Delete><RetentionPolicy>"
                + "<Enabled>false</Enabled></RetentionPolicy></Logging><HourMetrics>")
        .contains("<Cors></Cors>");
  }

  @Test
  void setProperties_keepsTheRootElementsItLeavesOut() {
    service.setProperties(full());

    service.setProperties(
        new TableServiceProperties()
            .setHourMetrics(
                new TableServiceMetrics()
                    .setVersion("1.0")
                    .setEnabled(false)
                    .setRetentionPolicy(retention(null))));
    TableServiceProperties read = service.getProperties();

    assertThat(read.getHourMetrics().isEnabled()).isFalse();
    assertThat(read.getLogging().isDeleteLogged()).isTrue();
    assertThat(read.getCorsRules()).hasSize(2);
  }

  @Test
  void setProperties_withAnEmptyCorsElement_deletesEveryRule() {
    service.setProperties(full());

    service.setProperties(new TableServiceProperties().setCorsRules(Collections.emptyList()));

    assertThat(service.getProperties().getCorsRules()).isNullOrEmpty();
  }

  @Test
  void setProperties_withSixCorsRules_isInvalidXmlDocument() {
    List<TableServiceCorsRule> six = Collections.nCopies(6, rule("*", "GET"));

    assertHttpError(
        400,
        "InvalidXmlDocument",
        () -> service.setProperties(new TableServiceProperties().setCorsRules(six)));
  }

  @Test
  void setProperties_withAnUnsupportedMethod_isInvalidXmlNodeValue() {
    assertHttpError(
        400,
        "InvalidXmlNodeValue",
        () ->
            service.setProperties(
                new TableServiceProperties().setCorsRules(List.of(rule("*", "GET,PATCH")))));
  }

  @Test
  void setProperties_withZeroRetentionDays_isInvalidXmlNodeValue() {
    TableServiceMetrics metrics =
        new TableServiceMetrics()
            .setVersion("1.0")
            .setEnabled(true)
            .setIncludeApis(true)
            .setRetentionPolicy(retention(0));

    assertHttpError(
        400,
        "InvalidXmlNodeValue",
        () -> service.setProperties(new TableServiceProperties().setHourMetrics(metrics)));
  }

  @Test
  void setProperties_refusesMalformedDocuments_andChangesNothing() {
    service.setProperties(full());
    // An empty or malformed document is 400 InvalidXmlDocument "XML specified is not
    // syntactically valid." (learn.microsoft.com "Common REST API error codes"; Azurite's
    // src/table/errors/StorageErrorFactory.ts copies the same text) and changes nothing.
    String[] bodies = {
      "",
      "not xml",
      "<Other/>",
      // A rule must have all five children.
      "<StorageServiceProperties><Cors><CorsRule><AllowedOrigins>*</AllowedOrigins>"
          + "<AllowedMethods>GET</AllowedMethods></CorsRule></Cors></StorageServiceProperties>",
      // Days is only expected when the retention policy is enabled.
      "<StorageServiceProperties><Logging><Version>1.0</Version><Delete>true</Delete><Read>true"
          + "</Read><Write>true</Write><RetentionPolicy><Enabled>false</Enabled><Days>7</Days>"
          + "</RetentionPolicy></Logging></StorageServiceProperties>",
      "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><StorageServiceProperties/>",
    };
    for (String body : bodies) {
      RawResponse response = raw.put(PROPERTIES).xml(body).send();
      assertThat(response.status()).as(body).isEqualTo(400);
      assertThat(response.errorCode()).as(body).isEqualTo("InvalidXmlDocument");
      // The OData XML error a real account sends (Azure/azure-sdk-for-python recording
      // test_table_service_properties.pyTestTableServicePropertiestest_too_many_cors_rules.json).
      assertThat(response.bodyText())
          .as(body)
          .startsWith("<?xml version=\"1.0\" encoding=\"utf-8\"?><m:error xmlns:m=")
          .contains(
              "<m:code>InvalidXmlDocument</m:code><m:message xml:lang=\"en-US\">"
                  + "XML specified is not syntactically valid.\nRequestId:");
    }
    assertThat(service.getProperties().getCorsRules()).hasSize(2);
  }

  @Test
  void setProperties_ofOneAccount_leaveTheOtherAlone() {
    service.setProperties(full());

    assertThat(Clients.service(server, TestAccounts.SECOND).getProperties().getCorsRules())
        .isNullOrEmpty();
  }

  @Test
  void serviceProperties_needTheOwnersKey() {
    RawResponse anonymous =
        raw.get(PROPERTIES).scheme(dev.tabula.conformance.support.RawRequest.Scheme.NONE).send();
    RawResponse wrongKey = raw.get(PROPERTIES).signWith(TestAccounts.WRONG_KEY).send();

    assertThat(anonymous.status()).isEqualTo(401);
    assertThat(wrongKey.status()).isEqualTo(403);
    assertThat(wrongKey.errorCode()).isEqualTo("AuthenticationFailed");
  }

  @Test
  void accountRoot_withoutAKnownComp_isInvalidQueryParameterValue() {
    RawResponse response = raw.get("?restype=service&comp=list").send();

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.errorCode()).isEqualTo("InvalidQueryParameterValue");
  }
}
