package dev.tabula.protocol.json;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import java.util.concurrent.ConcurrentHashMap;

/**
 * JSON member names, quoted and encoded once: a query page writes the same dozen names a thousand
 * times, and Jackson copies a {@link SerializedString}'s bytes instead of escaping the name again.
 * Property names come from users, so the cache stops growing at {@link #MAX_CACHED} names and
 * builds the rest on the spot. Names read from storage are found by their bytes instead (see {@link
 * StoredFieldNames}). Thread-safe.
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

  private FieldNames() {}

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
