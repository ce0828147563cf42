package dev.tabula.bench.load;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Insert Or Replace ({@code PUT}) and Insert Or Merge ({@code MERGE}) Entity without If-Match,
 * contending on a few hot keys of a fresh table: every request must answer 204, and afterwards
 * every hot key must be readable.
 */
public final class UpsertWorkload implements Workload {
  /** Which upsert the workers send. */
  public enum Mode {
    /** Insert Or Replace Entity only. */
    REPLACE,
    /** Insert Or Merge Entity only. */
    MERGE,
    /** Alternately, by operation number. */
    MIXED
  }

  private final EntityShape shape;
  private final int hotKeys;
  private final Mode mode;
  private final int concurrency;
  private final ScratchTable table = ScratchTable.named("upsert");

  /** Upserts of {@code hotKeys} keys from {@code concurrency} clients. */
  public UpsertWorkload(EntityShape shape, int hotKeys, Mode mode, int concurrency) {
    if (hotKeys < 1) {
      throw new IllegalArgumentException("at least one hot key");
    }
    this.shape = shape;
    this.hotKeys = hotKeys;
    this.mode = mode;
    this.concurrency = concurrency;
  }

  @Override
  public String name() {
    return "upsert hot" + hotKeys + " c=" + concurrency;
  }

  @Override
  public void setUp(TableConnection admin, RunSettings settings) throws IOException {
    table.create(admin, settings);
  }

  @Override
  public Operation operation() {
    return (connection, seq) -> {
      String rk = key(seq % hotKeys);
      boolean merge = mode == Mode.MERGE || (mode == Mode.MIXED && seq % 2 == 1);
      return Outcome.expect(
          connection.upsert(table.name(), "hot", rk, shape.json("hot", rk, seq), merge),
          204,
          1,
          merge ? "insert-or-merge" : "insert-or-replace");
    };
  }

  @Override
  public List<String> verify(TableConnection admin, RunStats stats) throws IOException {
    List<String> problems = new ArrayList<>();
    for (int k = 0; k < hotKeys && stats.ackedEntities() >= hotKeys; k++) {
      HttpConnection.Response reply = admin.getEntity(table.name(), "hot", key(k));
      if (reply.status() != 200) {
        problems.add("hot key " + key(k) + " reads " + reply.status() + " after the run");
      }
    }
    return problems;
  }

  @Override
  public void tearDown(TableConnection admin) throws IOException {
    table.delete(admin);
  }

  private static String key(long k) {
    return ZeroPadded.of("k", k, 3);
  }
}
