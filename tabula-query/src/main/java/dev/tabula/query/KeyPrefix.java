package dev.tabula.query;

import java.util.Optional;

/**
 * What "starts with" means in the key order, and the key range it is. Keys are ordered by code
 * point, an unpaired surrogate counting as its own code point ({@link
 * dev.tabula.model.EntityKey#KEY_ORDER}; RocksDB's WTF-8 bytes and Cassandra's directory keep the
 * same order). A string has a prefix when its code points begin with the prefix's, which is
 * UTF-16's {@link String#startsWith} except that a prefix ending in a high surrogate does not match
 * a string where that surrogate is half of a pair. With that meaning the strings with a prefix are
 * exactly those at or after the prefix and before its {@link #successor}: the range the Azure
 * documentation teaches ({@code RowKey ge 'abc' and RowKey lt 'abd'}), computed by code point
 * rather than by UTF-16 unit, because U+FFFF is not the largest code point (U+10000 and above are
 * surrogate pairs) and incrementing a unit would put supplementary characters in the wrong place.
 */
final class KeyPrefix {
  private static final int MAX_CODE_POINT = Character.MAX_CODE_POINT;

  private KeyPrefix() {}

  /** True when {@code text}'s code points begin with {@code prefix}'s. */
  static boolean matches(String text, String prefix) {
    if (!text.startsWith(prefix)) {
      return false;
    }
    int end = prefix.length();
    return end == 0
        || end == text.length()
        || !Character.isHighSurrogate(prefix.charAt(end - 1))
        || !Character.isLowSurrogate(text.charAt(end));
  }

  /**
   * The smallest string after every string with this prefix, in the key order; empty when there is
   * none (the empty prefix, or one of only U+10FFFF). The last code point is incremented; U+10FFFF
   * is dropped and the one before incremented instead. A low surrogate written right after a high
   * one would pair with it and become another code point, so that step goes to U+E000: no
   * representable string lies between (a high surrogate followed by a lone low one cannot exist).
   */
  static Optional<String> successor(String prefix) {
    int[] codePoints = prefix.codePoints().toArray();
    int last = codePoints.length - 1;
    while (last >= 0 && codePoints[last] == MAX_CODE_POINT) {
      last--;
    }
    if (last < 0) {
      return Optional.empty();
    }
    int next = codePoints[last] + 1;
    if (next >= Character.MIN_LOW_SURROGATE
        && next <= Character.MAX_LOW_SURROGATE
        && last > 0
        && isHighSurrogateCodePoint(codePoints[last - 1])) {
      next = Character.MAX_LOW_SURROGATE + 1;
    }
    StringBuilder successor = new StringBuilder();
    for (int i = 0; i < last; i++) {
      successor.appendCodePoint(codePoints[i]);
    }
    return Optional.of(successor.appendCodePoint(next).toString());
  }

  private static boolean isHighSurrogateCodePoint(int codePoint) {
    return codePoint >= Character.MIN_HIGH_SURROGATE && codePoint <= Character.MAX_HIGH_SURROGATE;
  }
}
