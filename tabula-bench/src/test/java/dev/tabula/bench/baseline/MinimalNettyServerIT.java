package dev.tabula.bench.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.bench.load.EntityShape;
import dev.tabula.bench.load.HttpConnection;
import dev.tabula.bench.load.HttpConnection.Response;
import dev.tabula.bench.load.PointReadWorkload;
import dev.tabula.bench.load.ReadTable;
import dev.tabula.bench.load.RunBounds;
import dev.tabula.bench.load.RunSettings;
import dev.tabula.bench.load.TableEndpoint;
import dev.tabula.bench.load.WorkloadResult;
import dev.tabula.bench.load.WorkloadRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The minimal Netty server answers point reads the way the load generator's point-read workload
 * checks them, so that issue 6's read ceiling is measured with the same workload as Tabula. It
 * measures nothing.
 */
class MinimalNettyServerIT {
  private static final RunSettings FEW =
      new RunSettings(4, new RunBounds(12, Duration.ofSeconds(20)), Duration.ZERO, 10_000);
  private static MinimalNettyServer server;

  @BeforeAll
  static void start() {
    server = MinimalNettyServer.start("127.0.0.1", 0);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void pointReads_passThePointReadWorkloadsChecks() {
    ReadTable neverLoaded = new ReadTable("anytable", new EntityShape(5, 20, 1024));
    TableEndpoint endpoint = TableEndpoint.development("127.0.0.1", server.port());

    WorkloadResult result =
        WorkloadRun.execute(endpoint, new PointReadWorkload(neverLoaded, 4), FEW);

    assertThat(result.errors()).isEmpty();
    assertThat(result.metrics().get("ops")).isEqualTo(12.0);
  }

  @Test
  void aPointRead_isAnsweredInTheServicesShape_withItsKeysDecoded() throws IOException {
    // A quote is doubled in an OData key literal; the rest is percent-encoded as the SDKs send it.
    Response reply = get("/devstoreaccount1/people(PartitionKey='O''Brien%20%2B1',RowKey='r%2Fx')");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.header("content-type")).startsWith("application/json;odata=minimalmetadata");
    assertThat(reply.header("etag")).isEqualTo(PointReadHandler.ETAG);
    assertThat(reply.header("content-length")).isEqualTo(String.valueOf(reply.body().length));
    assertThat(new String(reply.body(), StandardCharsets.UTF_8))
        .contains("\"PartitionKey\":\"O'Brien +1\"", "\"RowKey\":\"r/x\"", "people/@Element");
  }

  @Test
  void onNio_too_pointReadsPassTheChecks() {
    try (MinimalNettyServer nio = MinimalNettyServer.start("127.0.0.1", 0, "nio")) {
      ReadTable neverLoaded = new ReadTable("anytable", new EntityShape(5, 20, 1024));
      TableEndpoint endpoint = TableEndpoint.development("127.0.0.1", nio.port());

      WorkloadResult result =
          WorkloadRun.execute(endpoint, new PointReadWorkload(neverLoaded, 2), FEW);

      assertThat(nio.transportName()).isEqualTo("nio");
      assertThat(result.errors()).isEmpty();
    }
  }

  @Test
  void anythingButAPointRead_gets404() throws IOException {
    assertThat(get("/devstoreaccount1/Tables").status()).isEqualTo(404);
    assertThat(get("/devstoreaccount1/people()?$filter=x").status()).isEqualTo(404);
  }

  private static Response get(String target) throws IOException {
    try (HttpConnection http = new HttpConnection("127.0.0.1", server.port(), 10_000)) {
      String head = "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
      return http.exchange(head.getBytes(StandardCharsets.US_ASCII), null);
    }
  }
}
