package dev.tabula.protocol.json;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import dev.tabula.model.PropertyCursor;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * JSON member names, quoted and encoded once: a query page writes the same dozen names a thousand
 * times, and Jackson copies a {@link SerializedString}'s bytes instead of escaping the name again.
 * Property names come from users, so the cache stops growing at {@link #MAX_CACHED} names and
 * builds the rest on the spot. Names read from storage are found by their stored bytes, so a page
 * makes no {@code String} for them. Thread-safe.
 */
final class FieldNames {
  static final SerializableString PARTITION_KEY = new SerializedString("PartitionKey");
  static final SerializableString ROW_KEY = new SerializedString("RowKey");
  static final SerializableString TIMESTAMP = new SerializedString("Timestamp");
  static final SerializableString TIMESTAMP_ANNOTATION =
      new SerializedString("Timestamp" + EdmValueEncoder.TYPE_SUFFIX);
  static final SerializableString ETAG = new SerializedString("odata.etag");

  private static final int MAX_CACHED = 10_000;
  private static final ConcurrentHashMap<String, SerializableString> NAMES =
      new ConcurrentHashMap<>();
  private static final ConcurrentHashMap<String, SerializableString> ANNOTATIONS =
      new ConcurrentHashMap<>();

  /** Slots of the stored-name table; a power of two. */
  private static final int ENCODED_SLOTS = 4096;

  /**
   * Names by their stored bytes, one per slot by hash, a newer name replacing an older one in the
   * same slot: bounded, and as good as a map for the dozens of names a table has. Entries are
   * immutable, so a thread that sees one sees it whole without a lock.
   */
  private static final Known[] ENCODED = new Known[ENCODED_SLOTS];

  /** A property name with its member names. */
  record Known(byte[] encoded, String text, SerializableString member, SerializableString annotation) {}

  private FieldNames() {}

  /** The cursor's current property name, found by its stored bytes, else decoded once. */
  static Known ofEncoded(PropertyCursor cursor) {
    byte[] source = cursor.source();
    int start = cursor.nameStart();
    int end = start + cursor.nameLength();
    int hash = 1;
    for (int i = start; i < end; i++) {
      hash = 31 * hash + source[i];
    }
    int slot = (hash ^ hash >>> 16) & (ENCODED_SLOTS - 1);
    Known known = ENCODED[slot];
    if (known != null && sameBytes(known.encoded, source, start, end)) {
      return known;
    }
    String text = cursor.name();
    Known made = new Known(Arrays.copyOfRange(source, start, end), text, of(text), annotationOf(text));
    ENCODED[slot] = made;
    return made;
  }

  /**
   * {@code Arrays.equals} over ranges, as a plain loop: names are a few bytes long, and for those
   * the intrinsic's set-up was most of the lookup (JFR, a query page).
   */
  private static boolean sameBytes(byte[] name, byte[] source, int start, int end) {
    if (name.length != end - start) {
      return false;
    }
    for (int i = 0; i < name.length; i++) {
      if (name[i] != source[start + i]) {
        return false;
      }
    }
    return true;
  }

  /** The member name of a property. */
  static SerializableString of(String name) {
    SerializableString known = NAMES.get(name);
    return known != null ? known : made(NAMES, name, name);
  }

  /** The member name of a property's {@code @odata.type} annotation. */
  static SerializableString annotationOf(String name) {
    // Looked up before the name is built: concatenating it for every typed property of every
    // entity of a page was garbage for nothing once the name is cached.
    SerializableString known = ANNOTATIONS.get(name);
    return known != null ? known : made(ANNOTATIONS, name, name + EdmValueEncoder.TYPE_SUFFIX);
  }

  private static SerializableString made(
      ConcurrentHashMap<String, SerializableString> cache, String key, String text) {
    SerializableString made = new SerializedString(text);
    if (cache.size() < MAX_CACHED) {
      cache.putIfAbsent(key, made);
    }
    return made;
  }
}
