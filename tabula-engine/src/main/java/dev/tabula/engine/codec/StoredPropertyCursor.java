package dev.tabula.engine.codec;

import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.EdmType;
import dev.tabula.model.PropertyCursor;
import java.time.Instant;
import java.util.UUID;

/**
 * Walks a stored value's properties where they lie (see {@link EntityValueCodec} for the layout).
 * Each step finds the name, reads the tag and any fixed-width payload (a bad boolean byte throws
 * there), and leaves strings and binaries in place until asked for. Not thread-safe.
 */
final class StoredPropertyCursor implements PropertyCursor {
  private final ByteReader in;
  private int remaining;
  private int nameStart;
  private int nameLength;
  private int tag;
  private int valueStart;
  private int valueLength;
  private long bits;
  private long moreBits;

  /**
   * @param value a stored value whose layout was checked
   * @param countAt where its property count starts
   */
  StoredPropertyCursor(byte[] value, int countAt) {
    in = new ByteReader(value);
    in.skip(countAt);
    remaining = in.readVarint();
  }

  @Override
  public boolean next() {
    if (remaining == 0) {
      return false;
    }
    remaining--;
    nameLength = in.readLength();
    nameStart = in.position();
    in.skip(nameLength);
    tag = in.readByte();
    switch (tag) {
      case EdmValueCodec.STRING, EdmValueCodec.BINARY -> {
        valueLength = in.readLength();
        valueStart = in.position();
        in.skip(valueLength);
      }
      case EdmValueCodec.BOOLEAN -> bits = EdmValueCodec.readBoolean(in) ? 1 : 0;
      case EdmValueCodec.INT32 -> bits = in.readInt();
      case EdmValueCodec.DATE_TIME, EdmValueCodec.DOUBLE, EdmValueCodec.INT64 ->
          bits = in.readLong();
      case EdmValueCodec.GUID -> {
        bits = in.readLong();
        moreBits = in.readLong();
      }
      default -> throw ByteReader.corrupt();
    }
    return true;
  }

  @Override
  public byte[] source() {
    return in.array();
  }

  @Override
  public int nameStart() {
    return nameStart;
  }

  @Override
  public int nameLength() {
    return nameLength;
  }

  @Override
  public String name() {
    return Wtf8.decode(in.array(), nameStart, nameLength);
  }

  @Override
  public EdmType type() {
    return switch (tag) {
      case EdmValueCodec.STRING -> EdmType.STRING;
      case EdmValueCodec.BINARY -> EdmType.BINARY;
      case EdmValueCodec.BOOLEAN -> EdmType.BOOLEAN;
      case EdmValueCodec.DATE_TIME -> EdmType.DATE_TIME;
      case EdmValueCodec.DOUBLE -> EdmType.DOUBLE;
      case EdmValueCodec.GUID -> EdmType.GUID;
      case EdmValueCodec.INT32 -> EdmType.INT32;
      case EdmValueCodec.INT64 -> EdmType.INT64;
      default -> throw new IllegalStateException("no current property");
    };
  }

  @Override
  public int valueStart() {
    return valueStart;
  }

  @Override
  public int valueLength() {
    return valueLength;
  }

  @Override
  public String stringValue() {
    return Wtf8.decode(in.array(), valueStart, valueLength);
  }

  @Override
  public boolean booleanValue() {
    return bits != 0;
  }

  @Override
  public int int32Value() {
    return (int) bits;
  }

  @Override
  public long int64Value() {
    return bits;
  }

  @Override
  public double doubleValue() {
    return Double.longBitsToDouble(bits);
  }

  @Override
  public Instant dateTimeValue() {
    return EdmDateTimes.fromTicks(bits);
  }

  @Override
  public UUID guidValue() {
    return new UUID(bits, moreBits);
  }
}
