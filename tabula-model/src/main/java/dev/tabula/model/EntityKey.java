package dev.tabula.model;

import java.util.Comparator;
import java.util.Objects;

/**
 * The unique key of an entity in a table. Keys order by PartitionKey then RowKey, each compared by
 * Unicode code point, which is the order of their UTF-8 bytes and so the order every engine can
 * keep natively.
 */
public record EntityKey(String partitionKey, String rowKey) implements Comparable<EntityKey> {

  /** Code-point order of strings (not Java's UTF-16 order, which differs above U+FFFF). */
  public static final Comparator<String> KEY_ORDER = EntityKey::compareCodePoints;

  private static final Comparator<EntityKey> ORDER =
      Comparator.comparing(EntityKey::partitionKey, KEY_ORDER)
          .thenComparing(EntityKey::rowKey, KEY_ORDER);

  public EntityKey {
    Objects.requireNonNull(partitionKey, "partitionKey");
    Objects.requireNonNull(rowKey, "rowKey");
  }

  /** The smallest key of a partition. */
  public static EntityKey firstOf(String partitionKey) {
    return new EntityKey(partitionKey, "");
  }

  @Override
  public int compareTo(EntityKey other) {
    return ORDER.compare(this, other);
  }

  private static int compareCodePoints(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int ca = a.codePointAt(i);
      int cb = b.codePointAt(j);
      if (ca != cb) {
        return Integer.compare(ca, cb);
      }
      i += Character.charCount(ca);
      j += Character.charCount(cb);
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }
}
