package dev.tabula.bench.load;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Partition queries ({@code PartitionKey eq 'p042'}) of partitions picked at random from a loaded
 * table, each followed through its continuations over the service's 1,000-entity pages. Each must
 * return the whole partition, only it, in key order. An operation is a whole query; requests are
 * its pages.
 */
public final class PartitionQueryWorkload implements Workload {
  private static final int MAX_PAGES = 1_000;

  private final ReadTable table;
  private final int concurrency;

  /** Partition queries of {@code table} from {@code concurrency} clients. */
  public PartitionQueryWorkload(ReadTable table, int concurrency) {
    this.table = table;
    this.concurrency = concurrency;
  }

  @Override
  public String name() {
    return "partition query c=" + concurrency;
  }

  @Override
  public Operation operation() {
    EntityShape shape = table.shape();
    return (connection, seq) -> {
      String pk = shape.partitionKey(ThreadLocalRandom.current().nextInt(shape.partitions()));
      FullQuery query =
          FullQuery.run(
              connection,
              table.name(),
              "PartitionKey eq '" + pk + "'",
              null,
              new FeedReader("PartitionKey", pk),
              MAX_PAGES);
      if (query.error() != null) {
        return Outcome.failed(pk + ": " + query.error());
      }
      if (query.entities() != shape.rowsPerPartition()
          || query.mismatches() != 0
          || query.disorder() != 0) {
        return Outcome.failed(
            String.format(
                "%s: %d entities (expected %d), %d from other partitions," + " %d out of order",
                pk,
                query.entities(),
                shape.rowsPerPartition(),
                query.mismatches(),
                query.disorder()));
      }
      return Outcome.ok(query.entities());
    };
  }
}
