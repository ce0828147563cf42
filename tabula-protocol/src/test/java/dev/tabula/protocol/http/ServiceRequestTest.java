package dev.tabula.protocol.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Headers as a transport reads them: names in any case, a name more than once. */
class ServiceRequestTest {
  @Test
  void headerLines_areFoundByAnyCase_andRepeatsKeepTheirOrder() {
    List<Map.Entry<String, String>> lines =
        List.of(
            Map.entry("x-ms-date", "Mon, 30 Nov 2026 12:00:00 GMT"),
            Map.entry("Accept", "application/json"),
            Map.entry("accept", "application/xml"),
            Map.entry("If-Match", "*"));

    ServiceRequest request =
        ServiceRequest.fromHeaderLines(
            "get", "/acct/t(PartitionKey='a',RowKey='b')?timeout=30", lines, new byte[0], null);

    assertThat(request.method()).isEqualTo("GET");
    assertThat(request.header("X-MS-DATE")).isEqualTo("Mon, 30 Nov 2026 12:00:00 GMT");
    assertThat(request.headers("ACCEPT")).containsExactly("application/json", "application/xml");
    assertThat(request.header("if-match")).isEqualTo("*");
    assertThat(request.header("Authorization")).isNull();
    assertThat(request.headers("Authorization")).isEmpty();
    assertThat(request.rawPath()).isEqualTo("/acct/t(PartitionKey='a',RowKey='b')");
    assertThat(request.queryParameter("timeout")).isEqualTo("30");
  }

  @Test
  void headerLines_andAHeaderMap_makeTheSameRequest() {
    ServiceRequest fromLines =
        ServiceRequest.fromHeaderLines(
            "GET",
            "/acct/Tables",
            List.of(Map.entry("Accept", "a"), Map.entry("ACCEPT", "b")),
            new byte[0],
            null);
    ServiceRequest fromMap =
        new ServiceRequest("GET", "/acct/Tables", Map.of("Accept", List.of("a", "b")), new byte[0]);

    assertThat(fromLines.headers()).isEqualTo(fromMap.headers());
  }

  /**
   * An absolute-form target (RFC 9112 3.2.2, which a server must accept; the service's HTTP.sys
   * front end does): its path and query are the request's, its authority the Host.
   */
  @Test
  void absoluteFormTarget_givesItsPathAndItsAuthorityAsTheHost() {
    ServiceRequest request =
        ServiceRequest.fromHeaderLines(
            "GET",
            "HTTP://acct.table.example.com:10002/Tables?$top=1",
            List.of(Map.entry("host", "other"), Map.entry("Accept", "a")),
            new byte[0],
            null);
    ServiceRequest bare =
        new ServiceRequest("GET", "https://127.0.0.1:10002?comp=x", Map.of(), new byte[0]);

    assertThat(request.rawPath()).isEqualTo("/Tables");
    assertThat(request.queryParameter("$top")).isEqualTo("1");
    assertThat(request.headers("Host")).containsExactly("acct.table.example.com:10002");
    assertThat(request.header("Accept")).isEqualTo("a");
    assertThat(bare.rawPath()).isEqualTo("/");
    assertThat(bare.queryParameter("comp")).isEqualTo("x");
    assertThat(bare.header("Host")).isEqualTo("127.0.0.1:10002");
  }
}
