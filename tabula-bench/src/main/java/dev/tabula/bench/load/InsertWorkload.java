package dev.tabula.bench.load;

import java.io.IOException;
import java.util.List;

/**
 * Single Insert Entity requests of new entities ({@code Prefer: return-no-content}, 204), spread
 * over 100 partitions of a fresh table. Afterwards the table must hold exactly the acknowledged
 * entities.
 */
public final class InsertWorkload implements Workload {
  private final EntityShape shape;
  private final int concurrency;
  private final ScratchTable table = ScratchTable.named("ins");

  /**
   * Inserts of entities of {@code shape}'s size and properties, from {@code concurrency} clients.
   */
  public InsertWorkload(EntityShape shape, int concurrency) {
    this.shape = shape;
    this.concurrency = concurrency;
  }

  @Override
  public String name() {
    return "insert c=" + concurrency;
  }

  @Override
  public void setUp(TableConnection admin, RunSettings settings) throws IOException {
    table.create(admin, settings);
  }

  @Override
  public Operation operation() {
    return (connection, seq) -> {
      String pk = shape.partitionKey((int) (seq % 100));
      String rk = ZeroPadded.of(seq, 12);
      return Outcome.expect(
          connection.insert(table.name(), shape.json(pk, rk, seq)), 204, 1, "insert");
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
