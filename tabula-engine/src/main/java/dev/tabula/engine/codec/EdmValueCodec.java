package dev.tabula.engine.codec;

import dev.tabula.model.EdmDateTimes;
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
import java.util.UUID;

/**
 * One typed value: a tag byte, then the payload. Fixed-width types have fixed-width payloads and
 * strings and binaries carry a varint length, so a reader can skip any value without decoding it.
 * The tags are part of the on-disk format: never renumber them.
 */
final class EdmValueCodec {
  static final int STRING = 1;
  static final int BINARY = 2;
  static final int BOOLEAN = 3;
  static final int DATE_TIME = 4;
  static final int DOUBLE = 5;
  static final int GUID = 6;
  static final int INT32 = 7;
  static final int INT64 = 8;

  private EdmValueCodec() {}

  static void write(ByteWriter out, EdmValue value) {
    if (value instanceof EdmString s) {
      out.writeByte(STRING);
      out.writeSized(Wtf8.encode(s.value()));
    } else if (value instanceof EdmBinary b) {
      out.writeByte(BINARY);
      out.writeSized(b.readOnlyBytes());
    } else if (value instanceof EdmBoolean b) {
      out.writeByte(BOOLEAN);
      out.writeByte(b.value() ? 1 : 0);
    } else if (value instanceof EdmDateTime d) {
      out.writeByte(DATE_TIME);
      out.writeLong(EdmDateTimes.toTicks(d.value()));
    } else if (value instanceof EdmDouble d) {
      out.writeByte(DOUBLE);
      out.writeLong(Double.doubleToRawLongBits(d.value())); // raw: keeps -0.0 and NaN payloads
    } else if (value instanceof EdmGuid g) {
      out.writeByte(GUID);
      out.writeLong(g.value().getMostSignificantBits());
      out.writeLong(g.value().getLeastSignificantBits());
    } else if (value instanceof EdmInt32 i) {
      out.writeByte(INT32);
      out.writeInt(i.value());
    } else if (value instanceof EdmInt64 l) {
      out.writeByte(INT64);
      out.writeLong(l.value());
    } else {
      throw new IllegalArgumentException("unknown value type: " + value);
    }
  }

  static EdmValue read(ByteReader in) {
    int tag = in.readByte();
    switch (tag) {
      case STRING:
        return readString(in);
      case BINARY:
        return new EdmBinary(in.readBytes(in.readLength()));
      case BOOLEAN:
        return new EdmBoolean(readBoolean(in));
      case DATE_TIME:
        return new EdmDateTime(EdmDateTimes.fromTicks(in.readLong()));
      case DOUBLE:
        return new EdmDouble(Double.longBitsToDouble(in.readLong()));
      case GUID:
        return new EdmGuid(new UUID(in.readLong(), in.readLong()));
      case INT32:
        return new EdmInt32(in.readInt());
      case INT64:
        return new EdmInt64(in.readLong());
      default:
        throw ByteReader.corrupt();
    }
  }

  /** Kept in its stored bytes until someone asks for the {@code String} (see {@link EdmString}). */
  private static EdmString readString(ByteReader in) {
    int length = in.readLength();
    int start = in.position();
    in.skip(length);
    return EdmString.ofEncoded(Arrays.copyOfRange(in.array(), start, start + length), Wtf8::decode);
  }

  /** Moves past one value without building it. */
  static void skip(ByteReader in) {
    int tag = in.readByte();
    switch (tag) {
      case STRING, BINARY -> in.skip(in.readLength());
      case BOOLEAN -> in.skip(1);
      case INT32 -> in.skip(4);
      case DATE_TIME, DOUBLE, INT64 -> in.skip(8);
      case GUID -> in.skip(16);
      default -> throw ByteReader.corrupt();
    }
  }

  static boolean readBoolean(ByteReader in) {
    int b = in.readByte();
    if (b > 1) {
      throw ByteReader.corrupt();
    }
    return b == 1;
  }
}
