package dev.tabula.core.properties;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The stored form of {@link ServiceProperties}, the opaque value the engine keeps: a format byte
 * (1), logging, hour metrics, minute metrics, then the CORS rules. Booleans are bytes, an absent
 * optional value is a 0 byte before it, text is modified UTF-8 ({@link DataOutputStream#writeUTF}),
 * integers are big-endian. Reading a format it does not know fails loudly rather than guessing.
 */
public final class ServicePropertiesCodec {
  static final int FORMAT = 1;

  private ServicePropertiesCodec() {}

  /** The stored form of {@code properties}. */
  public static byte[] encode(ServiceProperties properties) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(FORMAT);
      AnalyticsLogging logging = properties.logging();
      out.writeUTF(logging.version());
      out.writeBoolean(logging.delete());
      out.writeBoolean(logging.read());
      out.writeBoolean(logging.write());
      writeRetention(out, logging.retention());
      writeMetrics(out, properties.hourMetrics());
      writeMetrics(out, properties.minuteMetrics());
      out.writeByte(properties.cors().size());
      for (CorsRule rule : properties.cors()) {
        out.writeUTF(rule.allowedOrigins());
        out.writeUTF(rule.allowedMethods());
        out.writeUTF(rule.allowedHeaders());
        out.writeUTF(rule.exposedHeaders());
        out.writeInt(rule.maxAgeInSeconds());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a byte array stream does not fail
    }
    return bytes.toByteArray();
  }

  /**
   * Reads a stored value.
   *
   * @throws IllegalStateException for a value this version cannot read
   */
  public static ServiceProperties decode(byte[] value) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(value))) {
      int format = in.readUnsignedByte();
      if (format != FORMAT) {
        throw new IllegalStateException("unknown service-properties format " + format);
      }
      AnalyticsLogging logging =
          new AnalyticsLogging(
              in.readUTF(),
              in.readBoolean(),
              in.readBoolean(),
              in.readBoolean(),
              readRetention(in));
      AnalyticsMetrics hour = readMetrics(in);
      AnalyticsMetrics minute = readMetrics(in);
      int count = in.readUnsignedByte();
      List<CorsRule> rules = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        rules.add(
            new CorsRule(in.readUTF(), in.readUTF(), in.readUTF(), in.readUTF(), in.readInt()));
      }
      return new ServiceProperties(logging, hour, minute, rules);
    } catch (IOException e) {
      throw new IllegalStateException("corrupt service-properties value", e);
    }
  }

  private static void writeMetrics(DataOutputStream out, AnalyticsMetrics metrics)
      throws IOException {
    out.writeUTF(metrics.version());
    out.writeBoolean(metrics.enabled());
    out.writeBoolean(metrics.includeApis() != null);
    if (metrics.includeApis() != null) {
      out.writeBoolean(metrics.includeApis());
    }
    writeRetention(out, metrics.retention());
  }

  private static AnalyticsMetrics readMetrics(DataInputStream in) throws IOException {
    String version = in.readUTF();
    boolean enabled = in.readBoolean();
    @Nullable Boolean includeApis = in.readBoolean() ? in.readBoolean() : null;
    return new AnalyticsMetrics(version, enabled, includeApis, readRetention(in));
  }

  private static void writeRetention(DataOutputStream out, RetentionPolicy retention)
      throws IOException {
    out.writeBoolean(retention.enabled());
    out.writeBoolean(retention.days() != null);
    if (retention.days() != null) {
      out.writeInt(retention.days());
    }
  }

  private static RetentionPolicy readRetention(DataInputStream in) throws IOException {
    boolean enabled = in.readBoolean();
    @Nullable Integer days = in.readBoolean() ? in.readInt() : null;
    return new RetentionPolicy(enabled, days);
  }
}
