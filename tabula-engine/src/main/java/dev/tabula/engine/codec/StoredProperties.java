package dev.tabula.engine.codec;

import dev.tabula.model.EdmValue;
import dev.tabula.model.EncodedProperties;
import dev.tabula.model.PropertyCursor;
import java.util.AbstractMap;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The properties of a stored entity, built from its stored value the first time they are read. A
 * query page's entities are read by the threads that write its JSON, so building them there splits
 * that work between those threads instead of leaving it all to the one that scanned (a fifth of a
 * page's CPU); a writer that only copies them out walks the stored bytes with a {@link #cursor()}
 * instead and builds nothing. The value's layout was checked when this was made; what the build
 * itself can still find wrong (a bad boolean byte) throws {@link IllegalArgumentException} to the
 * reader. Immutable; thread-safe (two threads reading first may both build, equally).
 */
final class StoredProperties extends AbstractMap<String, EdmValue> implements EncodedProperties {
  private final byte[] value;
  private final int countAt;
  private final int count;
  private volatile @Nullable Map<String, EdmValue> built;

  /**
   * @param value the stored value, which must not change
   * @param countAt where its property count starts
   * @param count that count
   */
  StoredProperties(byte[] value, int countAt, int count) {
    this.value = value;
    this.countAt = countAt;
    this.count = count;
  }

  private Map<String, EdmValue> built() {
    Map<String, EdmValue> map = built;
    if (map == null) {
      map = Collections.unmodifiableMap(build());
      built = map;
    }
    return map;
  }

  private Map<String, EdmValue> build() {
    ByteReader in = new ByteReader(value);
    in.skip(countAt);
    in.readVarint();
    Map<String, EdmValue> properties = new LinkedHashMap<>(Math.min(count, 256) * 2);
    for (int i = 0; i < count; i++) {
      int length = in.readLength();
      int start = in.position();
      in.skip(length);
      properties.put(Wtf8.decode(value, start, length), EdmValueCodec.read(in));
    }
    return properties;
  }

  /** Reads the stored value again without building the map, whether it was built or not. */
  @Override
  public PropertyCursor cursor() {
    return new StoredPropertyCursor(value, countAt);
  }

  @Override
  public Set<Entry<String, EdmValue>> entrySet() {
    return built().entrySet();
  }

  /**
   * One property. Before the map is built, it is found on the stored bytes without building it: a
   * filter that reads one property of each scanned row (the time-to-live's expiry, on every scan)
   * must not build every row's map on the scanning thread, for rows the JSON writer would otherwise
   * copy out unbuilt.
   */
  @Override
  public @Nullable EdmValue get(@Nullable Object name) {
    Map<String, EdmValue> map = built;
    if (map != null) {
      return map.get(name);
    }
    return name instanceof String wanted
        ? EntityValueCodec.decodeProperty(value, wanted).orElse(null)
        : null;
  }

  @Override
  public boolean containsKey(@Nullable Object name) {
    return get(name) != null; // a stored property always has a value
  }

  @Override
  public int size() {
    return count;
  }

  @Override
  public boolean isEmpty() {
    return count == 0;
  }
}
