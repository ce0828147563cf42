package dev.tabula.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.server.telemetry.AnsweredRequest;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every answer is reported to the server's request listeners once it is written, in the request's
 * own words: account, operation, table, partition, status, error code, bytes, request id. The
 * metrics and the access log are built on this report.
 */
class AnsweredRequestReportTest {
  private final BlockingQueue<AnsweredRequest> reports = new LinkedBlockingQueue<>();
  private TabulaServer server;

  @BeforeEach
  void start() {
    server =
        TabulaServer.start(
            ServerConfig.defaults().withPort(0).withEngine(EngineKind.MEMORY, Path.of("unused")));
    server.telemetry().addListener(reports::add);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void anUnsignedEntityRead_isReportedWithItsOperationKeysAndError() throws Exception {
    HttpResponse<String> answer =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create(
                            server.endpoint("devstoreaccount1")
                                + "/Orders(PartitionKey='p1',RowKey='r1')"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());

    AnsweredRequest report = reports.poll(10, TimeUnit.SECONDS);
    assertThat(report).isNotNull();
    assertThat(report.account()).isEqualTo("devstoreaccount1");
    assertThat(report.operation()).isEqualTo("QueryEntity");
    assertThat(report.table()).isEqualTo("Orders");
    assertThat(report.partitionKey()).isEqualTo("p1");
    assertThat(report.method()).isEqualTo("GET");
    assertThat(report.status()).isEqualTo(answer.statusCode());
    assertThat(report.errorCode())
        .isEqualTo(answer.headers().firstValue("x-ms-error-code").orElseThrow());
    assertThat(report.requestId())
        .isEqualTo(answer.headers().firstValue("x-ms-request-id").orElseThrow());
    assertThat(report.bytesOut()).isEqualTo(answer.body().getBytes(StandardCharsets.UTF_8).length);
    assertThat(report.completed()).isTrue();
    assertThat(report.client()).isEqualTo("127.0.0.1");
    assertThat(reports).isEmpty();
  }

  @Test
  void aRequestRefusedBeforeItWasReadWhole_isReportedAsRefused() throws Exception {
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      OutputStream out = socket.getOutputStream();
      // A body over the 4 MiB limit, announced: refused 413 before it is read.
      out.write(
          ("PUT /devstoreaccount1/Orders HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5000000\r\n"
                  + "\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      String head = new String(in.readNBytes(12), StandardCharsets.US_ASCII);
      assertThat(head).isEqualTo("HTTP/1.1 413");
    }

    AnsweredRequest report = reports.poll(10, TimeUnit.SECONDS);
    assertThat(report).isNotNull();
    assertThat(report.operation()).isEqualTo(AnsweredRequest.REFUSED);
    assertThat(report.status()).isEqualTo(413);
    assertThat(report.errorCode()).isEqualTo("RequestBodyTooLarge");
  }
}
