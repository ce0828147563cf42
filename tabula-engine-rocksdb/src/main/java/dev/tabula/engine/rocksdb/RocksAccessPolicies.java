package dev.tabula.engine.rocksdb;

import dev.tabula.engine.codec.Wtf8;
import dev.tabula.model.AccessPolicy;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The value of a table's access-policy record: a count, then per policy its id, a byte saying which
 * optional fields follow, and those fields (an instant as epoch second and nano, text as
 * length-prefixed UTF-8). Big-endian, as everything in the catalog.
 */
final class RocksAccessPolicies {
  private static final int HAS_START = 1;
  private static final int HAS_EXPIRY = 2;
  private static final int HAS_PERMISSION = 4;

  private RocksAccessPolicies() {}

  static byte[] encode(List<AccessPolicy> policies) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeInt(policies.size());
      for (AccessPolicy policy : policies) {
        writeText(out, policy.id());
        out.writeByte(
            (policy.start() == null ? 0 : HAS_START)
                | (policy.expiry() == null ? 0 : HAS_EXPIRY)
                | (policy.permission() == null ? 0 : HAS_PERMISSION));
        writeInstant(out, policy.start());
        writeInstant(out, policy.expiry());
        if (policy.permission() != null) {
          writeText(out, policy.permission());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a byte array stream does not fail
    }
    return bytes.toByteArray();
  }

  static List<AccessPolicy> decode(byte[] value) {
    try (DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(value))) {
      int count = in.readInt();
      List<AccessPolicy> policies = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        String id = readText(in);
        int fields = in.readUnsignedByte();
        Instant start = (fields & HAS_START) == 0 ? null : readInstant(in);
        Instant expiry = (fields & HAS_EXPIRY) == 0 ? null : readInstant(in);
        String permission = (fields & HAS_PERMISSION) == 0 ? null : readText(in);
        policies.add(new AccessPolicy(id, start, expiry, permission));
      }
      return List.copyOf(policies);
    } catch (IOException e) {
      throw new IllegalStateException("corrupt access-policy record", e);
    }
  }

  private static void writeInstant(DataOutputStream out, Instant instant) throws IOException {
    if (instant != null) {
      out.writeLong(instant.getEpochSecond());
      out.writeInt(instant.getNano());
    }
  }

  private static Instant readInstant(DataInputStream in) throws IOException {
    return Instant.ofEpochSecond(in.readLong(), in.readInt());
  }

  private static void writeText(DataOutputStream out, String text) throws IOException {
    byte[] utf8 = Wtf8.encode(text);
    out.writeInt(utf8.length);
    out.write(utf8);
  }

  private static String readText(DataInputStream in) throws IOException {
    byte[] utf8 = new byte[in.readInt()];
    in.readFully(utf8);
    return Wtf8.decode(utf8, 0, utf8.length);
  }
}
