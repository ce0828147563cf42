package dev.tabula.conformance.logging;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.rest.Response;
import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.RawClient;
import dev.tabula.conformance.support.RawRequest.Scheme;
import dev.tabula.conformance.support.RawResponse;
import dev.tabula.conformance.support.ServerProcess;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.server.ServerConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code tabula serve --access-log}, run as a process with the shipped logging config: one line per
 * request on standard output, with exactly the request's fields, plain or JSON; one warning per
 * refused authentication, with its reason; and never a key, a signature, a SAS token or a string to
 * sign, whatever the requests carried.
 *
 * <p>Seen to fail (then reverted): with {@code --log-level} not applied, {@link
 * #plain_isTheDefaultFormat_andStaysOnAtLogLevelError} finds the refusal's warning. The refusal's
 * string to sign is kept out of the line by {@code AuthenticationErrors.logSafeDetail}, whose break
 * {@code RefusedAuthenticationsTest} catches.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AccessLogIT {
  private static final List<String> JVM = List.of("-Xmx256m", "-XX:+UseSerialGC");
  private static final Duration START = Duration.ofSeconds(60);
  private static final Duration LINES = Duration.ofSeconds(10);
  private static final String ACCOUNT = TestAccounts.DEVELOPMENT.name();

  /** A SAS signature no key made: it must reach no line. */
  private static final String FORGED_SIG = "Zm9yZ2VkLXNpZ25hdHVyZS1vZi10aGUtdGVzdA%3D%3D";

  private final ObjectMapper json = new ObjectMapper();

  @Test
  void json_oneLinePerRequest_withItsFields_andNoSecret() throws Exception {
    try (ServerProcess server =
        ServerProcess.serve(JVM, List.of("--engine", "memory", "--access-log", "json"), START)) {
      RawClient raw = new RawClient(server.port(), TestAccounts.DEVELOPMENT);
      List<RawResponse> answers = new ArrayList<>();

      Response<TableClient> created =
          sdk(server, TestAccounts.DEVELOPMENT.key())
              .createTableWithResponse("logged", null, Context.NONE);
      answers.add(raw.get("logged(PartitionKey='p1',RowKey='r1')").send());
      answers.add(raw.get("Tables").signWith(TestAccounts.WRONG_KEY).send());
      answers.add(
          raw.get(
                  "logged()?sv=2019-02-02&tn=logged&sp=r&se=2099-01-01T00%3A00%3A00Z&sig="
                      + FORGED_SIG)
              .scheme(Scheme.NONE)
              .send());
      answers.add(raw.put("logged").fillerBody(ServerConfig.DEFAULT_MAX_BODY_BYTES + 1L).send());

      List<JsonNode> lines = new ArrayList<>();
      for (String line : server.awaitLines(l -> l.startsWith("{"), 5, LINES)) {
        lines.add(json.readTree(line));
      }
      assertThat(lines).hasSize(5);
      assertThat(lines)
          .allSatisfy(
              line -> {
                assertThat(line.get("time").asText())
                    .matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
                assertThat(line.get("durationMs").isNumber()).isTrue();
                assertThat(line.get("completed").asBoolean()).isTrue();
              });

      assertLine(
          lines.get(0),
          "POST",
          "CreateTable",
          null,
          204,
          null,
          created.getHeaders().getValue("x-ms-request-id"));
      assertThat(lines.get(0).get("bytesIn").asLong()).isEqualTo(22); // {"TableName":"logged"}
      assertLine(lines.get(1), answers.get(0), "GET", "QueryEntity", "logged", 404);
      assertLine(lines.get(2), answers.get(1), "GET", "QueryTables", null, 403);
      assertLine(lines.get(3), answers.get(2), "GET", "QueryEntities", "logged", 403);
      JsonNode refused = lines.get(4);
      assertThat(refused.get("operation").asText()).isEqualTo("Refused");
      assertThat(refused.get("status").asInt()).isEqualTo(413);
      assertThat(refused.get("errorCode").asText()).isEqualTo("RequestBodyTooLarge");
      assertThat(refused.get("requestId").asText())
          .isEqualTo(answers.get(3).header("x-ms-request-id"));

      assertRefusals(server);
      assertNoSecret(server.outputLines());
    }
  }

  @Test
  void plain_isTheDefaultFormat_andStaysOnAtLogLevelError() throws Exception {
    try (ServerProcess server =
        ServerProcess.serve(
            JVM, List.of("--engine", "memory", "--access-log", "--log-level", "error"), START)) {
      RawClient raw = new RawClient(server.port(), TestAccounts.DEVELOPMENT);
      RawResponse refused = raw.get("Tables").signWith(TestAccounts.WRONG_KEY).send();
      RawResponse listed = raw.get("Tables").send();

      List<String> lines = server.awaitLines(l -> l.contains(" QueryTables "), 2, LINES);

      assertThat(lines.get(0).split(" "))
          .hasSize(13)
          .containsSubsequence(
              "127.0.0.1", ACCOUNT, "GET", "QueryTables", "-", "403", "AuthenticationFailed")
          .endsWith("0", refused.body().length + "", refused.header("x-ms-request-id"), "complete");
      assertThat(lines.get(1).split(" "))
          .containsSubsequence("GET", "QueryTables", "-", "200", "-")
          .endsWith(listed.header("x-ms-request-id"), "complete");
      assertThat(server.outputLines()).noneMatch(l -> l.contains("Authentication refused"));
      assertNoSecret(server.outputLines());
    }
  }

  private static void assertLine(
      JsonNode line,
      RawResponse answer,
      String method,
      String operation,
      String table,
      int status) {
    assertThat(answer.status()).isEqualTo(status);
    assertLine(
        line,
        method,
        operation,
        table,
        status,
        answer.errorCode(),
        answer.header("x-ms-request-id"));
    assertThat(line.get("bytesOut").asLong()).isEqualTo(answer.body().length);
  }

  private static void assertLine(
      JsonNode line,
      String method,
      String operation,
      String table,
      int status,
      String errorCode,
      String requestId) {
    assertThat(line.get("client").asText()).isEqualTo("127.0.0.1");
    assertThat(line.get("account").asText()).isEqualTo(ACCOUNT);
    assertThat(line.get("method").asText()).isEqualTo(method);
    assertThat(line.get("operation").asText()).isEqualTo(operation);
    assertThat(line.get("table").isNull() ? null : line.get("table").asText()).isEqualTo(table);
    assertThat(line.get("status").asInt()).isEqualTo(status);
    assertThat(line.get("errorCode").isNull() ? null : line.get("errorCode").asText())
        .isEqualTo(errorCode);
    assertThat(line.get("requestId").asText()).isEqualTo(requestId);
  }

  /** The two refusals of the JSON test, one warning each, with their reasons. */
  private static void assertRefusals(ServerProcess server) throws InterruptedException {
    List<String> refusals = server.awaitLines(l -> l.contains("Authentication refused"), 2, LINES);
    assertThat(refusals.get(0))
        .matches("\\S+Z WARN  RefusedAuthentications: .*")
        .endsWith(
            "Authentication refused for account devstoreaccount1 from 127.0.0.1"
                + " (SharedKeyLite): AuthenticationFailed: The MAC signature found in the HTTP"
                + " request is not the same as any computed signature.");
    assertThat(refusals.get(1))
        .endsWith(
            "Authentication refused for account devstoreaccount1 from 127.0.0.1 (SAS):"
                + " AuthenticationFailed: Signature did not match.");
  }

  /** No key, no signature, no SAS token and no string to sign, anywhere in the output. */
  private static void assertNoSecret(List<String> output) {
    String all = String.join("\n", output);
    assertThat(all)
        .doesNotContain(TestAccounts.DEVELOPMENT.key())
        .doesNotContain(TestAccounts.WRONG_KEY)
        .doesNotContain(FORGED_SIG)
        .doesNotContain(FORGED_SIG.replace("%3D", "="))
        .doesNotContain("sig=")
        .doesNotContain("string to sign")
        .doesNotContain("String to sign");
  }

  private static TableServiceClient sdk(ServerProcess server, String key) {
    return Clients.service(
        "DefaultEndpointsProtocol=http;AccountName="
            + ACCOUNT
            + ";AccountKey="
            + key
            + ";TableEndpoint="
            + server.endpoint(ACCOUNT)
            + ";");
  }
}
