package dev.tabula.engine.codec;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * A fixed list of property names, encoded once, for {@link EntityValueCodec#decodeProperties}: a
 * scan that filters on a few properties decodes just those from each row. Immutable and
 * thread-safe.
 */
public final class PropertyNames {
  private final List<String> names;
  private final byte[][] encoded;

  private PropertyNames(List<String> names) {
    this.names = names;
    this.encoded = new byte[names.size()][];
    for (int i = 0; i < encoded.length; i++) {
      encoded[i] = Wtf8.encode(names.get(i));
    }
  }

  /** The names, in the collection's iteration order. */
  public static PropertyNames of(Collection<String> names) {
    return new PropertyNames(List.copyOf(names));
  }

  /** How many names there are. */
  public int size() {
    return names.size();
  }

  /** The position of {@code name}, or -1 when it is not one of these. */
  public int indexOf(String name) {
    return names.indexOf(name);
  }

  /** The position of the name whose encoding is {@code value[from, from + length)}, or -1. */
  int indexOf(byte[] value, int from, int length) {
    for (int i = 0; i < encoded.length; i++) {
      byte[] name = encoded[i];
      if (name.length == length && Arrays.equals(value, from, from + length, name, 0, length)) {
        return i;
      }
    }
    return -1;
  }
}
