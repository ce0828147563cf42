package dev.tabula.server.telemetry;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.tabula.server.telemetry.HotPartitions.HotPartition;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The console's live view as JSON ({@code GET /console/api/activity?minutes=N}, see
 * docs/console.md): the last N minutes of {@link RecentActivity} in one-second buckets, and the
 * hottest partitions of {@link HotPartitions}.
 *
 * <pre>{@code
 * {"now":1764672000000,"bucketMillis":1000,
 *  "buckets":[{"t":...,"requests":12,"errors4xx":1,"errors5xx":0,"throttled503":0,
 *              "p50ms":0.9,"p95ms":2.3,"p99ms":4.1}, ...],
 *  "hotPartitions":[{"account":"a","table":"t","partitionKey":"p","requests":200,"maxError":0}]}
 * }</pre>
 *
 * <p>The hot partitions come from the sketch every server keeps anyway (the {@code
 * tabula_hot_partition_requests} gauges of {@code /metrics}; {@code --hot-partitions} only says how
 * many the gauges list): it is always on, bounded, and already paid for on every request, so the
 * console reads it rather than counting partitions a second time. Its counts are of the last one to
 * two minutes whatever N is, which the page says.
 */
public final class ActivityReport {
  /** Minutes reported when the request names none. */
  public static final int DEFAULT_MINUTES = 5;

  /** The most minutes reported: all that {@link RecentActivity} keeps. */
  public static final int MAX_MINUTES = RecentActivity.SECONDS / 60;

  /**
   * How many of the hottest partitions the heat map gets. The sketch tracks 384 partitions or more
   * (three quarters of its map, {@link HotPartitions#trackedKeys()}), so these are counted exactly
   * until the traffic spreads over more partitions than that, and after that {@code maxError} says
   * how far off they may be.
   */
  public static final int HEAT_MAP_PARTITIONS = 50;

  private static final JsonFactory JSON = new JsonFactory();

  private final RecentActivity activity;
  private final HotPartitions hotPartitions;

  public ActivityReport(RecentActivity activity, HotPartitions hotPartitions) {
    this.activity = activity;
    this.hotPartitions = hotPartitions;
  }

  /**
   * The {@code minutes} query parameter as a number of minutes: {@link #DEFAULT_MINUTES} when
   * absent.
   *
   * @throws IllegalArgumentException when it is not a whole number from 1 to {@link #MAX_MINUTES}
   */
  public static int minutes(@Nullable String parameter) {
    if (parameter == null || parameter.isEmpty()) {
      return DEFAULT_MINUTES;
    }
    int minutes;
    try {
      minutes = Integer.parseInt(parameter);
    } catch (NumberFormatException e) {
      minutes = 0;
    }
    if (minutes < 1 || minutes > MAX_MINUTES) {
      throw new IllegalArgumentException(
          "minutes must be a whole number from 1 to " + MAX_MINUTES + ": " + parameter);
    }
    return minutes;
  }

  /** The last {@code minutes} minutes as JSON, UTF-8. */
  public byte[] json(int minutes) {
    long now = activity.now();
    List<ActivityBucket> buckets = activity.lastSeconds(minutes * 60, now);
    List<HotPartition> hottest =
        hotPartitions.top(Math.min(HEAT_MAP_PARTITIONS, hotPartitions.trackedKeys()));
    ByteArrayOutputStream out = new ByteArrayOutputStream(minutes * 60 * 40 + 4096);
    try (JsonGenerator json = JSON.createGenerator(out)) {
      json.writeStartObject();
      json.writeNumberField("now", now);
      json.writeNumberField("bucketMillis", 1000);
      json.writeArrayFieldStart("buckets");
      for (ActivityBucket bucket : buckets) {
        write(json, bucket);
      }
      json.writeEndArray();
      json.writeArrayFieldStart("hotPartitions");
      for (HotPartition hot : hottest) {
        write(json, hot);
      }
      json.writeEndArray();
      json.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a byte array never fails to take bytes
    }
    return out.toByteArray();
  }

  private static void write(JsonGenerator json, ActivityBucket bucket) throws IOException {
    json.writeStartObject();
    json.writeNumberField("t", bucket.startMillis());
    json.writeNumberField("requests", bucket.requests());
    json.writeNumberField("errors4xx", bucket.errors4xx());
    json.writeNumberField("errors5xx", bucket.errors5xx());
    json.writeNumberField("throttled503", bucket.throttled503());
    millis(json, "p50ms", bucket.p50Millis());
    millis(json, "p95ms", bucket.p95Millis());
    millis(json, "p99ms", bucket.p99Millis());
    json.writeEndObject();
  }

  /** A latency to the microsecond (what the histogram can tell), or null for a quiet second. */
  private static void millis(JsonGenerator json, String name, @Nullable Double value)
      throws IOException {
    if (value == null) {
      json.writeNullField(name);
    } else {
      json.writeNumberField(name, Math.round(value * 1000) / 1000.0);
    }
  }

  private static void write(JsonGenerator json, HotPartition hot) throws IOException {
    json.writeStartObject();
    json.writeStringField("account", hot.partition().account());
    json.writeStringField("table", hot.partition().table());
    json.writeStringField("partitionKey", hot.partition().partitionKey());
    json.writeNumberField("requests", hot.requests());
    json.writeNumberField("maxError", hot.maxError());
    json.writeEndObject();
  }
}
