package dev.tabula.engine.codec;

import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.EdmType;
import dev.tabula.model.EdmValue;
import dev.tabula.model.EdmValue.EdmBinary;
import dev.tabula.model.EdmValue.EdmBoolean;
import dev.tabula.model.EdmValue.EdmDateTime;
import dev.tabula.model.EdmValue.EdmDouble;
import dev.tabula.model.EdmValue.EdmGuid;
import dev.tabula.model.EdmValue.EdmInt32;
import dev.tabula.model.EdmValue.EdmInt64;
import dev.tabula.model.EdmValue.EdmString;
import java.util.Arrays;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A property value as the order-preserving bytes of a secondary-index entry
 * (docs/design/secondary-indexes.md): a type tag, then the value, such that for two values of one
 * type the unsigned byte order of their forms is the order the service's comparisons give them
 * (tabula-query's {@code ValueComparison}), and no form is a prefix of another, so the entity's
 * keys can follow it. Values of different types fall in different sections, by tag. Stateless.
 *
 * <ul>
 *   <li>Int32, Int64 and DateTime (in 100 ns ticks): big-endian with the sign bit flipped.
 *   <li>Double: the IEEE bits, all inverted for a negative number, the sign bit flipped otherwise;
 *       {@code -0.0} as {@code 0.0}, which the comparisons find equal. NaN has no form: it matches
 *       no comparison, so no index range could ever need it.
 *   <li>Boolean: one byte, false before true. Guid: its two longs, big-endian, the order of {@code
 *       ValueComparison}'s unsigned comparison.
 *   <li>String (WTF-8, whose byte order is the code-point order of keys, unpaired surrogates
 *       included) and Binary: each 0x00 written as 0x00 0xFF, ended by 0x00 0x01, so a value sorts
 *       before every value it is a prefix of.
 * </ul>
 */
public final class IndexValueCodec {
  /** The type sections of an index, in their order. */
  public enum Section {
    BOOLEAN,
    INT32,
    INT64,
    DOUBLE,
    DATE_TIME,
    GUID,
    STRING,
    BINARY;

    /** The tag byte that starts every entry of this section. */
    public byte tag() {
      return (byte) (ordinal() + 1);
    }
  }

  private static final int ESCAPE = 0x00;
  private static final int ESCAPED_ZERO = 0xFF;
  private static final int END = 0x01;

  private IndexValueCodec() {}

  /** The section a value's entry falls in. */
  public static Section sectionOf(EdmValue value) {
    return sectionOf(value.type());
  }

  /** The section of the values of a type. */
  public static Section sectionOf(EdmType type) {
    return switch (type) {
      case BOOLEAN -> Section.BOOLEAN;
      case INT32 -> Section.INT32;
      case INT64 -> Section.INT64;
      case DOUBLE -> Section.DOUBLE;
      case DATE_TIME -> Section.DATE_TIME;
      case GUID -> Section.GUID;
      case STRING -> Section.STRING;
      case BINARY -> Section.BINARY;
    };
  }

  /** The entry form of {@code value}: its tag, then its ordered bytes; empty for NaN. */
  public static Optional<byte[]> encode(EdmValue value) {
    if (value instanceof EdmDouble d && Double.isNaN(d.value())) {
      return Optional.empty();
    }
    ByteWriter out = new ByteWriter(16);
    out.writeByte(sectionOf(value).tag());
    if (value instanceof EdmBoolean b) {
      out.writeByte(b.value() ? 1 : 0);
    } else if (value instanceof EdmInt32 i) {
      out.writeInt(i.value() ^ Integer.MIN_VALUE);
    } else if (value instanceof EdmInt64 l) {
      out.writeLong(l.value() ^ Long.MIN_VALUE);
    } else if (value instanceof EdmDouble d) {
      out.writeLong(orderedDouble(d.value()));
    } else if (value instanceof EdmDateTime t) {
      out.writeLong(EdmDateTimes.toTicks(t.value()) ^ Long.MIN_VALUE);
    } else if (value instanceof EdmGuid g) {
      out.writeLong(g.value().getMostSignificantBits());
      out.writeLong(g.value().getLeastSignificantBits());
    } else if (value instanceof EdmString s) {
      writeEscaped(out, Wtf8.encode(s.value()));
    } else {
      writeEscaped(out, ((EdmBinary) value).readOnlyBytes());
    }
    return Optional.of(out.toByteArray());
  }

  /**
   * The length of the form that starts {@code entry} (an entry's bytes begin with a value's form,
   * then whatever follows it): the tag, then the section's fixed width, or up to and including the
   * 0x00 0x01 end of a String or Binary.
   *
   * @throws IllegalArgumentException when {@code entry} does not start with a whole form
   */
  public static int formLength(byte[] entry) {
    if (entry.length == 0 || entry[0] < 1 || entry[0] > Section.values().length) {
      throw new IllegalArgumentException("not an index entry");
    }
    Section section = Section.values()[entry[0] - 1];
    int length =
        switch (section) {
          case BOOLEAN -> 2;
          case INT32 -> 5;
          case INT64, DOUBLE, DATE_TIME -> 9;
          case GUID -> 17;
          case STRING, BINARY -> escapedEnd(entry);
        };
    if (length > entry.length) {
      throw new IllegalArgumentException("a truncated index entry");
    }
    return length;
  }

  /** The first byte string after every string that starts with {@code prefix} (null: none). */
  public static byte @Nullable [] successor(byte[] prefix) {
    int end = prefix.length;
    while (end > 0 && prefix[end - 1] == (byte) 0xFF) {
      end--;
    }
    if (end == 0) {
      return null;
    }
    byte[] out = Arrays.copyOf(prefix, end);
    out[end - 1]++;
    return out;
  }

  /** Past the 0x00 0x01 that ends an escaped value after the tag. */
  private static int escapedEnd(byte[] entry) {
    for (int i = 1; i + 1 < entry.length; i++) {
      if (entry[i] == ESCAPE) {
        if (entry[i + 1] == END) {
          return i + 2;
        }
        i++; // an escaped 0x00: skip its 0xFF
      }
    }
    throw new IllegalArgumentException("an unterminated index value");
  }

  /** A double's bits, ordered as unsigned: negatives inverted, the sign bit of others flipped. */
  private static long orderedDouble(double value) {
    long bits = Double.doubleToLongBits(value == 0.0 ? 0.0 : value); // -0.0 == 0.0
    return bits < 0 ? ~bits : bits ^ Long.MIN_VALUE;
  }

  private static void writeEscaped(ByteWriter out, byte[] bytes) {
    for (byte b : bytes) {
      out.writeByte(b);
      if (b == ESCAPE) {
        out.writeByte(ESCAPED_ZERO);
      }
    }
    out.writeByte(ESCAPE);
    out.writeByte(END);
  }
}
