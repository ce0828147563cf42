package dev.tabula.protocol.xml;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.core.properties.ServiceProperties;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The documents the XML operations answer with, against a real account's answers in
 * Azure/azure-sdk-for-python's recordings: test_table.pyTestTabletest_get_table_acl.json,
 * test_table_aad.pyTestTableAADtest_aad_table_service_stats.json,
 * test_table_service_properties.pyTestTableServicePropertiestest_table_service_properties.json and
 * test_table.pyTestTabletest_set_table_acl_too_many_ids.json.
 */
class XmlDocumentsTest {
  private static final String PROLOG = "<?xml version=\"1.0\" encoding=\"utf-8\"?>";

  private static String text(byte[] body) {
    return new String(body, StandardCharsets.UTF_8);
  }

  @Test
  void documents_startWithAByteOrderMark() {
    assertThat(text(SignedIdentifiersXml.write(List.of())))
        .startsWith("\uFEFF" + PROLOG + "<SignedIdentifiers");
    assertThat(text(ServiceStatsXml.write("live", Instant.parse("2022-05-06T02:06:12Z"))))
        .isEqualTo(
            "\uFEFF"
                + PROLOG
                + "<StorageServiceStats><GeoReplication><Status>live</Status>"
                + "<LastSyncTime>Fri, 06 May 2022 02:06:12 GMT</LastSyncTime></GeoReplication>"
                + "</StorageServiceStats>");
  }

  @Test
  void serviceProperties_listLoggingAsVersionReadWriteDelete() {
    String body = text(ServicePropertiesXml.write(ServiceProperties.DEFAULTS));

    assertThat(body)
        .startsWith(
            "\uFEFF"
                + PROLOG
                + "<StorageServiceProperties><Logging>"
                + "<Version>1.0</Version><Read>false</Read><Write>false</Write><Delete>false</Delete>");
  }

  @Test
  void errors_areODataXmlErrorsWithoutAByteOrderMark() {
    String body =
        text(
            ErrorXmlWriter.write(
                "InvalidXmlDocument",
                "XML specified is not syntactically valid.\nRequestId:r\nTime:t"));

    assertThat(body)
        .isEqualTo(
            PROLOG
                + "<m:error xmlns:m=\"http://schemas.microsoft.com/ado/2007/08/dataservices/metadata\">"
                + "<m:code>InvalidXmlDocument</m:code><m:message xml:lang=\"en-US\">XML specified is not"
                + " syntactically valid.\nRequestId:r\nTime:t</m:message></m:error>");
  }
}
