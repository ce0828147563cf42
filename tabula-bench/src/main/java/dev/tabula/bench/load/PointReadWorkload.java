package dev.tabula.bench.load;

import dev.tabula.bench.load.HttpConnection.Response;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Query Entity by PartitionKey and RowKey (a point read) of entities picked uniformly at random
 * from a loaded table. Each must answer 200 with that entity.
 */
public final class PointReadWorkload implements Workload {
  private final ReadTable table;
  private final int concurrency;

  /** Point reads of {@code table} from {@code concurrency} clients. */
  public PointReadWorkload(ReadTable table, int concurrency) {
    this.table = table;
    this.concurrency = concurrency;
  }

  @Override
  public String name() {
    return "point read c=" + concurrency;
  }

  @Override
  public Operation operation() {
    EntityShape shape = table.shape();
    return (connection, seq) -> {
      long g = ThreadLocalRandom.current().nextLong(shape.entities());
      String pk = shape.partitionKey((int) (g / shape.rowsPerPartition()));
      String rk = shape.rowKey((int) (g % shape.rowsPerPartition()));
      Response reply = connection.getEntity(table.name(), pk, rk);
      if (reply.status() != 200) {
        return Outcome.failed(
            "point read of "
                + pk
                + "/"
                + rk
                + " answered "
                + reply.status()
                + ": "
                + reply.bodyText(200));
      }
      String text =
          new String(reply.body(), StandardCharsets.ISO_8859_1); // the JDK's indexOf is vectorised
      return text.contains("\"RowKey\":\"" + rk + "\"") && text.contains("\"" + pk + "\"")
          ? Outcome.ok(1)
          : Outcome.failed(
              "point read of "
                  + pk
                  + "/"
                  + rk
                  + " returned another entity: "
                  + reply.bodyText(200));
    };
  }
}
