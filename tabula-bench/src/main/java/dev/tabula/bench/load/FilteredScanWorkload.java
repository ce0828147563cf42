package dev.tabula.bench.load;

/**
 * Filtered queries on a non-key property of a whole loaded table, following every continuation:
 * {@code Color eq 'Green'} (a fifth of the entities: "scan"), or {@code Quantity eq 7} (a
 * thousandth: "quantity-query", which a secondary index on Quantity can serve). Each must return
 * exactly the matching entities, in key order. An operation is a whole query; requests are its
 * pages.
 */
public final class FilteredScanWorkload implements Workload {
  /** The filter scanned for. */
  public static final String FILTER = "Color eq 'Green'";

  /** The Quantity the "quantity-query" workload asks for. */
  static final int QUANTITY = 7;

  private final ReadTable table;
  private final String label;
  private final String filter;
  private final String property;
  private final String value;
  private final long expected;

  private FilteredScanWorkload(
      ReadTable table, String label, String filter, String property, String value, long expected) {
    this.table = table;
    this.label = label;
    this.filter = filter;
    this.property = property;
    this.value = value;
    this.expected = expected;
  }

  /** Scans of {@code table} for its Green entities, from one client. */
  public FilteredScanWorkload(ReadTable table) {
    this(table, "scan", FILTER, "Color", "Green", table.shape().countWithColor("Green"));
  }

  /** Queries of {@code table} for the entities of Quantity 7, from one client. */
  static FilteredScanWorkload quantity(ReadTable table) {
    return new FilteredScanWorkload(
        table,
        "quantity-query",
        "Quantity eq " + QUANTITY,
        "Quantity",
        Integer.toString(QUANTITY),
        table.shape().countWithQuantity(QUANTITY));
  }

  @Override
  public String name() {
    return label + " " + Sizes.label(table.shape().entities());
  }

  @Override
  public Operation operation() {
    int maxPages = (int) Math.min(1_000_000, table.shape().entities() / 10 + 100);
    return (connection, seq) -> {
      FullQuery scan =
          FullQuery.run(
              connection, table.name(), filter, null, new FeedReader(property, value), maxPages);
      if (scan.error() != null) {
        return Outcome.failed(scan.error());
      }
      if (scan.entities() != expected || scan.mismatches() != 0 || scan.disorder() != 0) {
        return Outcome.failed(
            String.format(
                "%d entities (expected %d), %d not matching, %d out of order",
                scan.entities(), expected, scan.mismatches(), scan.disorder()));
      }
      return Outcome.ok(scan.entities());
    };
  }
}
