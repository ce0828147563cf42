package dev.tabula.server.telemetry;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's meter registry and the listeners told of every answered request. One per server, so
 * that two servers in one process (tests) never mix their figures.
 *
 * <p>A listener that throws is logged and skipped: telling operators about a request must never
 * fail the request, nor keep the other listeners from hearing of it.
 */
public final class Telemetry {
  private static final Logger LOG = LoggerFactory.getLogger(Telemetry.class);

  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final List<RequestListener> listeners = new CopyOnWriteArrayList<>();
  private final HotPartitions hotPartitions;
  private final HotPartitionGauges hotPartitionGauges;

  /** Telemetry listing the {@link HotPartitions#DEFAULT_TOP} hottest partitions. */
  public Telemetry() {
    this(HotPartitions.DEFAULT_TOP);
  }

  /**
   * @param hotPartitions how many of the hottest partitions to list ({@link HotPartitions})
   */
  public Telemetry(int hotPartitions) {
    this.hotPartitions = new HotPartitions(hotPartitions);
    this.hotPartitionGauges = new HotPartitionGauges(this.hotPartitions, registry);
    listeners.add(this.hotPartitions);
  }

  /** The registry every figure of this server is registered with. */
  public PrometheusMeterRegistry registry() {
    return registry;
  }

  /** The hottest partitions, counted from every answered request. */
  public HotPartitions hotPartitions() {
    return hotPartitions;
  }

  /** Reads the hottest partitions into their gauges now (done every few seconds anyway). */
  public void refreshHotPartitions() {
    hotPartitionGauges.refresh();
  }

  /** Tells {@code listener} of every request answered from now on. */
  public void addListener(RequestListener listener) {
    listeners.add(listener);
  }

  /** Tells every listener of an answered request. */
  public void answered(AnsweredRequest request) {
    for (RequestListener listener : listeners) {
      try {
        listener.answered(request);
      } catch (RuntimeException e) {
        LOG.warn("A request listener failed; the request was answered as usual", e);
      }
    }
  }

  /** Everything registered is closed: meters stop reading what they watched. */
  public void close() {
    hotPartitionGauges.close();
    registry.close();
  }
}
