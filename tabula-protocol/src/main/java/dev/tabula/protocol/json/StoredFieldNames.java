package dev.tabula.protocol.json;

import com.fasterxml.jackson.core.SerializableString;
import dev.tabula.model.PropertyCursor;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Property names read from storage, found by their stored bytes: a query page writes the same few
 * names a thousand times, and decoding each into a {@code String} to look it up, then hashing its
 * characters, was a sixth of writing the page (JFR). A name is known by its length and its first
 * and last eight bytes, read as two words, which is all of it up to 16 bytes; longer names also
 * compare what lies between. One name per slot, a newer one replacing an older one in its slot:
 * bounded, and as good as a map for the dozens of names a table has. Entries are immutable, so a
 * thread that sees one sees it whole without a lock. Thread-safe.
 */
final class StoredFieldNames {
  private static final int SLOT_BITS = 12;
  private static final Known[] SLOTS = new Known[1 << SLOT_BITS];
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** A property name: its stored bytes, their first and last words, its text and member names. */
  record Known(
      byte[] encoded,
      long head,
      long tail,
      String text,
      SerializableString member,
      SerializableString annotation) {}

  private StoredFieldNames() {}

  /** The cursor's current property name. */
  static Known of(PropertyCursor cursor) {
    byte[] source = cursor.source();
    int start = cursor.nameStart();
    int length = cursor.nameLength();
    long head = word(source, start, Math.min(length, Long.BYTES));
    long tail = length > Long.BYTES ? word(source, start + length - Long.BYTES, Long.BYTES) : 0;
    // Fibonacci hashing: the product's top bits depend on every bit of the words.
    long mixed = (head + length) * 0x9E3779B97F4A7C15L ^ tail * 0xC2B2AE3D27D4EB4FL;
    int slot = (int) (mixed >>> (Long.SIZE - SLOT_BITS));
    Known known = SLOTS[slot];
    if (known != null
        && known.head == head
        && known.tail == tail
        && known.encoded.length == length
        && sameMiddle(known.encoded, source, start)) {
      return known;
    }
    String text = cursor.name();
    Known made =
        new Known(
            Arrays.copyOfRange(source, start, start + length),
            head,
            tail,
            text,
            FieldNames.of(text),
            FieldNames.annotationOf(text));
    SLOTS[slot] = made;
    return made;
  }

  /** Whether the bytes between the first and last words match; there are none up to 16 bytes. */
  private static boolean sameMiddle(byte[] encoded, byte[] source, int start) {
    int length = encoded.length;
    return length <= 2 * Long.BYTES
        || Arrays.equals(
            encoded,
            Long.BYTES,
            length - Long.BYTES,
            source,
            start + Long.BYTES,
            start + length - Long.BYTES);
  }

  /** {@code length} (0 to 8) bytes from {@code start} as a little-endian word, zero above them. */
  private static long word(byte[] source, int start, int length) {
    if (start + Long.BYTES <= source.length) {
      long word = (long) LONGS.get(source, start);
      return length == Long.BYTES ? word : word & ((1L << (length * Byte.SIZE)) - 1);
    }
    long word = 0;
    for (int i = length - 1; i >= 0; i--) {
      word = word << Byte.SIZE | (source[start + i] & 0xFF);
    }
    return word;
  }
}
