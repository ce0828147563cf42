package dev.tabula.bench.load;

import dev.tabula.bench.load.HttpConnection.Response;
import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * Delete Table of a table holding {@code shape}'s entities, loaded unmeasured first: one operation,
 * timed from the request to its 204. Afterwards a query of the table must answer 404.
 */
public final class DeleteTableWorkload implements Workload {
  private final EntityShape shape;
  private final Duration loadBudget;
  private final ScratchTable table = ScratchTable.named("drop");

  /** Deletes a table of {@code shape}, loaded within {@code loadBudget}. */
  public DeleteTableWorkload(EntityShape shape, Duration loadBudget) {
    this.shape = shape;
    this.loadBudget = loadBudget;
  }

  @Override
  public String name() {
    return "delete table " + Sizes.label(shape.entities());
  }

  @Override
  public RunSettings settings(RunSettings asked) {
    // One delete, however long it takes: its time is the figure, so the time bound must not cut it.
    return new RunSettings(
        1,
        new RunBounds(1, Duration.ofMinutes(10)),
        Duration.ZERO,
        Math.max(asked.timeoutMillis(), 300_000));
  }

  @Override
  public void setUp(TableConnection admin, RunSettings settings) throws IOException {
    table.create(admin);
    WorkloadResult load = TableFill.fill(admin.endpoint(), table.name(), shape, 0, 4, loadBudget);
    if (!load.correct()) {
      throw new IOException("loading the table to delete failed: " + load.errors());
    }
  }

  @Override
  public Operation operation() {
    return (connection, seq) ->
        Outcome.expect(connection.deleteTable(table.name()), 204, shape.entities(), "Delete Table");
  }

  @Override
  public List<String> verify(TableConnection admin, RunStats stats) throws IOException {
    Response after = admin.queryPage(table.name(), null, null, null);
    return after.status() == 404
        ? List.of()
        : List.of("a query of the deleted table answered " + after.status() + ", not 404");
  }
}
