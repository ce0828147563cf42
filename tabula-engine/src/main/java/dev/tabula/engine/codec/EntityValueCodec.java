package dev.tabula.engine.codec;

import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/**
 * The binary form of an entity's stored value (its key lives in the engine's key, not here):
 *
 * <pre>
 *   format version   1 byte  (1)
 *   Timestamp        8 bytes big-endian, 100 ns ticks since the Unix epoch
 *   property count   varint
 *   per property     varint name length, WTF-8 name, tag byte, payload
 * </pre>
 *
 * <p>Payloads are fixed-width by type or length-prefixed (see {@link EdmValueCodec}), so {@link
 * #decodeProperty} can find one property by skipping the others without building them, and {@link
 * #decodeTimestamp} reads only the header. Property order is kept. Values round-trip exactly: NaN
 * payloads and -0.0 included, DateTimes to the 100 ns tick, unpaired surrogates in strings (see
 * {@link Wtf8}).
 *
 * <p>Stateless and thread-safe. Decoding throws {@link IllegalArgumentException} for a value that
 * is truncated, corrupt or of an unknown format version.
 */
public final class EntityValueCodec {
  /** The format version this codec writes, and the only one it reads so far. */
  public static final int FORMAT_VERSION = 1;

  private static final int HEADER_BYTES = 1 + 8;

  private EntityValueCodec() {}

  /** Encodes a stored entity's Timestamp and properties (in their iteration order). */
  public static byte[] encode(Instant timestamp, Map<String, EdmValue> properties) {
    ByteWriter out = new ByteWriter(HEADER_BYTES + 1 + 24 * properties.size());
    out.writeByte(FORMAT_VERSION);
    out.writeLong(EdmDateTimes.toTicks(timestamp));
    out.writeVarint(properties.size());
    for (Map.Entry<String, EdmValue> property : properties.entrySet()) {
      out.writeSized(Wtf8.encode(property.getKey()));
      EdmValueCodec.write(out, property.getValue());
    }
    return out.toByteArray();
  }

  /**
   * Decodes a whole entity whose key the caller knows. The value's layout is checked now; its
   * properties are built when first read (see {@link StoredProperties}).
   */
  public static Entity decode(String partitionKey, String rowKey, byte[] value) {
    ByteReader in = new ByteReader(value);
    Instant timestamp = readHeader(in);
    int countAt = in.position();
    int count = in.readVarint();
    for (int i = 0; i < count; i++) {
      in.skip(in.readLength());
      EdmValueCodec.skip(in);
    }
    requireEnd(in);
    return new Entity(partitionKey, rowKey, timestamp, new StoredProperties(value, countAt, count));
  }

  /** Decodes only the Timestamp. */
  public static Instant decodeTimestamp(byte[] value) {
    return readHeader(new ByteReader(value));
  }

  /** Decodes only the named property, skipping the others undecoded; empty when absent. */
  public static Optional<EdmValue> decodeProperty(byte[] value, String name) {
    byte[] wanted = Wtf8.encode(name);
    ByteReader in = new ByteReader(value);
    readHeader(in);
    int count = in.readVarint();
    for (int i = 0; i < count; i++) {
      int length = in.readLength();
      int start = in.position();
      in.skip(length);
      if (Arrays.equals(value, start, start + length, wanted, 0, wanted.length)) {
        return Optional.of(EdmValueCodec.read(in));
      }
      EdmValueCodec.skip(in);
    }
    return Optional.empty();
  }

  /**
   * Decodes only the given properties, in one pass that skips the others undecoded: {@code out[i]}
   * becomes the value of the {@code i}-th name, or null when the entity has none. {@code out} must
   * hold at least {@link PropertyNames#size()} elements.
   */
  public static void decodeProperties(byte[] value, PropertyNames names, EdmValue[] out) {
    Arrays.fill(out, 0, names.size(), null);
    ByteReader in = new ByteReader(value);
    readHeader(in);
    int count = in.readVarint();
    int found = 0;
    for (int i = 0; i < count && found < names.size(); i++) {
      int length = in.readLength();
      int start = in.position();
      in.skip(length);
      int index = names.indexOf(value, start, length);
      if (index >= 0) {
        out[index] = EdmValueCodec.read(in);
        found++;
      } else {
        EdmValueCodec.skip(in);
      }
    }
  }

  private static Instant readHeader(ByteReader in) {
    int version = in.readByte();
    if (version != FORMAT_VERSION) {
      throw new IllegalArgumentException("unknown entity value format version " + version);
    }
    return EdmDateTimes.fromTicks(in.readLong());
  }

  private static void requireEnd(ByteReader in) {
    if (!in.atEnd()) {
      throw ByteReader.corrupt();
    }
  }
}
