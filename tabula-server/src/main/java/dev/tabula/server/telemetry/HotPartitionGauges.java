package dev.tabula.server.telemetry;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Shows {@link HotPartitions} as the gauge family {@code tabula_hot_partition_requests{account,
 * table,partition_key}}: one row per listed partition, its requests in the last one to two windows.
 * The rows are replaced every {@link #REFRESH} (and the windows rotated every {@link
 * HotPartitions#WINDOW}) by one daemon thread, so a partition that left the list leaves the scrape,
 * and the labels never hold more than {@link HotPartitions#size()} rows.
 */
public final class HotPartitionGauges implements AutoCloseable {
  /** The gauge family's name (Prometheus: {@code tabula_hot_partition_requests}). */
  public static final String NAME = "tabula.hot.partition.requests";

  /** How often the rows are read from the sketch. */
  public static final Duration REFRESH = Duration.ofSeconds(5);

  /**
   * The longest PartitionKey put whole in a label (a key may be 1 KiB); longer ones are cut and
   * given their hash, so two cut keys still make two rows.
   */
  static final int MAX_LABEL_CHARS = 128;

  private final HotPartitions partitions;
  private final MultiGauge gauge;
  private final ScheduledExecutorService timer;

  /** Registers the gauge family with {@code registry} and starts refreshing it. */
  public HotPartitionGauges(HotPartitions partitions, MeterRegistry registry) {
    this.partitions = partitions;
    this.gauge =
        MultiGauge.builder(NAME)
            .description(
                "Requests to one of the hottest partitions (account, table, PartitionKey) in the"
                    + " last one to two minutes, from a bounded top-K sketch")
            .baseUnit("requests")
            .register(registry);
    this.timer =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread thread = new Thread(task, "tabula-hot-partitions");
              thread.setDaemon(true);
              return thread;
            });
    long window = HotPartitions.WINDOW.toMillis();
    timer.scheduleAtFixedRate(partitions::rotate, window, window, TimeUnit.MILLISECONDS);
    long refresh = REFRESH.toMillis();
    timer.scheduleAtFixedRate(this::refresh, refresh, refresh, TimeUnit.MILLISECONDS);
  }

  /** Reads the hottest partitions into the gauge's rows now, dropping the rows of the others. */
  public void refresh() {
    List<MultiGauge.Row<?>> rows =
        partitions.top().stream()
            .<MultiGauge.Row<?>>map(
                hot ->
                    MultiGauge.Row.of(
                        Tags.of(
                            "account", hot.partition().account(),
                            "table", hot.partition().table(),
                            "partition_key", label(hot.partition().partitionKey())),
                        hot.requests()))
            .toList();
    gauge.register(rows, true);
  }

  /** A PartitionKey as a label: whole up to {@link #MAX_LABEL_CHARS}, else cut and hashed. */
  static String label(String partitionKey) {
    if (partitionKey.length() <= MAX_LABEL_CHARS) {
      return partitionKey;
    }
    int cut = MAX_LABEL_CHARS - 16;
    if (Character.isHighSurrogate(partitionKey.charAt(cut - 1))) {
      cut--; // never split a character in two
    }
    return partitionKey.substring(0, cut) + "...#" + String.format("%08x", partitionKey.hashCode());
  }

  /** Stops refreshing. */
  @Override
  public void close() {
    timer.shutdownNow();
  }
}
