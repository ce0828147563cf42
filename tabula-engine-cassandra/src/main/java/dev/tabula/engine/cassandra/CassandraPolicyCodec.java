package dev.tabula.engine.cassandra;

import dev.tabula.model.AccessPolicy;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The stored access policies of a table as one blob: a format version, the count, then per policy
 * its id, optional start and expiry (seconds and nanoseconds) and optional permission, so that a
 * table's policies are replaced with one cell write. Stateless.
 */
final class CassandraPolicyCodec {
  private static final int FORMAT_VERSION = 1;

  private CassandraPolicyCodec() {}

  static ByteBuffer encode(List<AccessPolicy> policies) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(FORMAT_VERSION);
      out.writeInt(policies.size());
      for (AccessPolicy policy : policies) {
        out.writeUTF(policy.id());
        writeInstant(out, policy.start());
        writeInstant(out, policy.expiry());
        out.writeBoolean(policy.permission() != null);
        if (policy.permission() != null) {
          out.writeUTF(policy.permission());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return ByteBuffer.wrap(bytes.toByteArray());
  }

  /** The policies of a blob; none for a null blob (a table that never had any). */
  static List<AccessPolicy> decode(ByteBuffer blob) {
    if (blob == null) {
      return List.of();
    }
    try (DataInputStream in =
        new DataInputStream(new ByteArrayInputStream(CassandraRows.bytes(blob)))) {
      int version = in.readByte();
      if (version != FORMAT_VERSION) {
        throw new IllegalStateException("unknown access policy format " + version);
      }
      int count = in.readInt();
      List<AccessPolicy> policies = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        String id = in.readUTF();
        Instant start = readInstant(in);
        Instant expiry = readInstant(in);
        String permission = in.readBoolean() ? in.readUTF() : null;
        policies.add(new AccessPolicy(id, start, expiry, permission));
      }
      return policies;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void writeInstant(DataOutputStream out, Instant instant) throws IOException {
    out.writeBoolean(instant != null);
    if (instant != null) {
      out.writeLong(instant.getEpochSecond());
      out.writeInt(instant.getNano());
    }
  }

  private static Instant readInstant(DataInputStream in) throws IOException {
    return in.readBoolean() ? Instant.ofEpochSecond(in.readLong(), in.readInt()) : null;
  }
}
