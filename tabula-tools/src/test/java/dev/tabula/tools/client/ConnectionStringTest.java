package dev.tabula.tools.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import org.junit.jupiter.api.Test;

/**
 * Connection strings in the forms the Azure portal, the emulators' docs and the SDKs give them
 * (learn.microsoft.com "Configure Azure Storage connection strings").
 */
class ConnectionStringTest {

  @Test
  void developmentStorage_isTheEmulatorsAccountOnItsTablePort() {
    ConnectionString parsed = ConnectionString.parse("UseDevelopmentStorage=true");
    assertThat(parsed.endpoint()).isEqualTo(URI.create("http://127.0.0.1:10002/devstoreaccount1"));
    assertThat(parsed.account()).isEqualTo("devstoreaccount1");
    assertThat(parsed.key()).isEqualTo(ConnectionString.DEVELOPMENT_KEY);
    assertThat(parsed.pathOf("Tables")).isEqualTo("/devstoreaccount1/Tables");
  }

  @Test
  void azureAccount_isHostStyleOverHttpsByDefault() {
    ConnectionString parsed =
        ConnectionString.parse("AccountName=acct;AccountKey=a2V5;EndpointSuffix=core.windows.net");
    assertThat(parsed.endpoint()).isEqualTo(URI.create("https://acct.table.core.windows.net"));
    assertThat(parsed.pathOf("Tables")).isEqualTo("/Tables");
  }

  @Test
  void explicitTableEndpoint_winsAndKeepsItsPath() {
    ConnectionString parsed =
        ConnectionString.parse(
            "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;"
                + "AccountKey="
                + ConnectionString.DEVELOPMENT_KEY
                + ";TableEndpoint=http://127.0.0.1:10002/devstoreaccount1/;");
    assertThat(parsed.endpoint()).isEqualTo(URI.create("http://127.0.0.1:10002/devstoreaccount1"));
    // The key's "==" padding survives: a value runs to the next ';'.
    assertThat(parsed.key()).endsWith("==");
  }

  @Test
  void sasAlone_authorizes() {
    ConnectionString parsed =
        ConnectionString.parse(
            "TableEndpoint=https://acct.table.core.windows.net/;"
                + "SharedAccessSignature=?sv=2019-02-02&ss=t&sig=abc%3D");
    assertThat(parsed.sas()).isEqualTo("sv=2019-02-02&ss=t&sig=abc%3D");
    assertThat(parsed.account()).isNull();
  }

  @Test
  void settingNames_compareCaseInsensitively() {
    ConnectionString parsed = ConnectionString.parse("accountname=a;accountkey=a2V5");
    assertThat(parsed.endpoint().getHost()).isEqualTo("a.table.core.windows.net");
  }

  @Test
  void mistakes_sayWhatIsMissing_withoutEchoingTheKey() {
    assertThatThrownBy(() -> ConnectionString.parse("AccountName=a"))
        .hasMessageContaining("neither AccountKey nor SharedAccessSignature");
    assertThatThrownBy(() -> ConnectionString.parse("AccountKey=c2VjcmV0c2VjcmV0"))
        .hasMessageContaining("names no Table endpoint");
    assertThatThrownBy(() -> ConnectionString.parse("c2VjcmV0c2VjcmV0c2VjcmV0"))
        .hasMessageContaining("without a name")
        .hasMessageNotContaining("c2VjcmV0c2VjcmV0c2VjcmV0");
    assertThatThrownBy(
            () -> ConnectionString.parse("TableEndpoint=ftp://x/y;AccountName=a;AccountKey=a2V5"))
        .hasMessageContaining("not an http or https URL");
  }

  @Test
  void toString_hidesTheKey() {
    assertThat(ConnectionString.parse("UseDevelopmentStorage=true").toString())
        .doesNotContain(ConnectionString.DEVELOPMENT_KEY)
        .contains("devstoreaccount1");
  }
}
