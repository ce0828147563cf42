package dev.tabula.bench.load;

/**
 * Filtered scans on a non-key property ({@code Color eq 'Green'}, a fifth of the entities) of a
 * whole loaded table, following every continuation. Each must return exactly the Green entities, in
 * key order. An operation is a whole scan; requests are its pages.
 */
public final class FilteredScanWorkload implements Workload {
  /** The filter scanned for. */
  public static final String FILTER = "Color eq 'Green'";

  private final ReadTable table;
  private final long expected;

  /** Scans of {@code table} from one client. */
  public FilteredScanWorkload(ReadTable table) {
    this.table = table;
    this.expected = table.shape().countWithColor("Green");
  }

  @Override
  public String name() {
    return "scan " + Sizes.label(table.shape().entities());
  }

  @Override
  public Operation operation() {
    int maxPages = (int) Math.min(1_000_000, table.shape().entities() / 10 + 100);
    return (connection, seq) -> {
      FullQuery scan =
          FullQuery.run(
              connection, table.name(), FILTER, null, new FeedReader("Color", "Green"), maxPages);
      if (scan.error() != null) {
        return Outcome.failed(scan.error());
      }
      if (scan.entities() != expected || scan.mismatches() != 0 || scan.disorder() != 0) {
        return Outcome.failed(
            String.format(
                "%d entities (expected %d), %d not Green, %d out of order",
                scan.entities(), expected, scan.mismatches(), scan.disorder()));
      }
      return Outcome.ok(scan.entities());
    };
  }
}
