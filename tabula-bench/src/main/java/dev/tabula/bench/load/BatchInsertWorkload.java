package dev.tabula.bench.load;

import dev.tabula.bench.load.HttpConnection.Response;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Entity group transactions of {@code batchSize} inserts, each into a partition of its own, into a
 * fresh table. Each must answer 202 with a success part per insert; afterwards the table must hold
 * exactly the acknowledged entities.
 */
public final class BatchInsertWorkload implements Workload {
  private final EntityShape shape;
  private final int batchSize;
  private final int concurrency;
  private final ScratchTable table = ScratchTable.named("batch");

  /** Batches of {@code batchSize} (at most 100) inserts from {@code concurrency} clients. */
  public BatchInsertWorkload(EntityShape shape, int batchSize, int concurrency) {
    if (batchSize < 1 || batchSize > 100) {
      throw new IllegalArgumentException("a batch holds 1 to 100 operations");
    }
    this.shape = shape;
    this.batchSize = batchSize;
    this.concurrency = concurrency;
  }

  @Override
  public String name() {
    return "batch" + batchSize + " c=" + concurrency;
  }

  @Override
  public void setUp(TableConnection admin, RunSettings settings) throws IOException {
    table.create(admin, settings);
  }

  @Override
  public Operation operation() {
    return (connection, seq) -> {
      String pk = ZeroPadded.of("b", seq, 10);
      List<byte[]> entities = new ArrayList<>(batchSize);
      for (int i = 0; i < batchSize; i++) {
        entities.add(shape.json(pk, ZeroPadded.of(i, 4), seq * batchSize + i));
      }
      Response reply = connection.insertBatch(table.name(), entities);
      int parts = reply.status() == 202 ? BatchBody.succeededParts(reply.body()) : 0;
      return parts == batchSize
          ? Outcome.ok(batchSize)
          : Outcome.failed(
              "batch answered "
                  + reply.status()
                  + " with "
                  + parts
                  + " parts succeeded: "
                  + reply.bodyText(200));
    };
  }

  @Override
  public List<String> verify(TableConnection admin, RunStats stats) throws IOException {
    return table.verifyCount(admin, stats.ackedEntities());
  }

  @Override
  public void tearDown(TableConnection admin) throws IOException {
    table.delete(admin);
  }
}
