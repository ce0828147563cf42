package dev.tabula.query;

import dev.tabula.model.EdmValue;
import dev.tabula.model.EdmValue.EdmBinary;
import dev.tabula.model.EdmValue.EdmBoolean;
import dev.tabula.model.EdmValue.EdmDateTime;
import dev.tabula.model.EdmValue.EdmDouble;
import dev.tabula.model.EdmValue.EdmGuid;
import dev.tabula.model.EdmValue.EdmInt32;
import dev.tabula.model.EdmValue.EdmInt64;
import dev.tabula.model.EdmValue.EdmString;
import dev.tabula.model.EntityKey;
import java.util.Arrays;
import java.util.UUID;

/**
 * Orders a property's value against a filter constant, with the type rules Tabula applies:
 *
 * <ul>
 *   <li>Values of the same type compare by value. Strings compare by code point (the key order, so
 *       key ranges and filters agree); binaries as unsigned bytes; GUIDs as their canonical text
 *       (which is .NET's {@code Guid.CompareTo} order); {@code false < true}.
 *   <li>A numeric constant also compares with a property of a wider numeric type (Int32 → Int64 →
 *       Double), exactly: {@code doubleField eq 5} matches 5.0 (Azurite's query tests), and an
 *       Int32 clause matches an Int64 property on the service while an Int64 clause does not
 *       match an Int32 property (AzureStorageExplorer#5346, against a storage account).
 *   <li>Every other pairing is unordered: the docs say the constant "must be of the same data
 *       type as the property in order for the filter to return valid results"; Tabula lets such a
 *       comparison match nothing, for every operator.
 *   <li>NaN is unordered against everything, so it matches no comparison.
 * </ul>
 */
final class ValueComparison {
  /** The result for values that cannot be compared. */
  static final int UNORDERED = Integer.MIN_VALUE;

  private ValueComparison() {}

  /** {@code <0}, {@code 0} or {@code >0} as {@code property} orders against {@code literal}; else {@link #UNORDERED}. */
  static int compare(EdmValue property, EdmValue literal) {
    if (property instanceof EdmString p && literal instanceof EdmString l) {
      return EntityKey.KEY_ORDER.compare(p.value(), l.value());
    }
    if (property instanceof EdmInt32 p && literal instanceof EdmInt32 l) {
      return Integer.compare(p.value(), l.value());
    }
    if (property instanceof EdmInt64 p) {
      if (literal instanceof EdmInt64 l) {
        return Long.compare(p.value(), l.value());
      }
      return literal instanceof EdmInt32 l ? Long.compare(p.value(), l.value()) : UNORDERED;
    }
    if (property instanceof EdmDouble p) {
      return compareDouble(p.value(), literal);
    }
    return compareOther(property, literal);
  }

  private static int compareOther(EdmValue property, EdmValue literal) {
    if (property instanceof EdmBoolean p && literal instanceof EdmBoolean l) {
      return Boolean.compare(p.value(), l.value());
    }
    if (property instanceof EdmDateTime p && literal instanceof EdmDateTime l) {
      return p.value().compareTo(l.value());
    }
    if (property instanceof EdmGuid p && literal instanceof EdmGuid l) {
      return compareGuids(p.value(), l.value());
    }
    if (property instanceof EdmBinary p && literal instanceof EdmBinary l) {
      return Arrays.compareUnsigned(p.readOnlyBytes(), l.readOnlyBytes());
    }
    return UNORDERED;
  }

  private static int compareDouble(double p, EdmValue literal) {
    if (Double.isNaN(p)) {
      return UNORDERED;
    }
    if (literal instanceof EdmDouble l) {
      return Double.isNaN(l.value()) ? UNORDERED : sign(p, l.value());
    }
    if (literal instanceof EdmInt32 l) {
      return sign(p, l.value()); // every int is exact as a double
    }
    if (literal instanceof EdmInt64 l) {
      return compareExactly(p, l.value());
    }
    return UNORDERED;
  }

  /** IEEE order without NaN, where {@code -0.0 == 0.0}. */
  private static int sign(double a, double b) {
    return a < b ? -1 : (a > b ? 1 : 0);
  }

  /** Orders a (non-NaN) double against a long without the rounding of {@code (double) l}. */
  static int compareExactly(double d, long l) {
    if (d < -0x1p63) {
      return -1;
    }
    if (d >= 0x1p63) {
      return 1;
    }
    long whole = (long) d; // exact: |d| < 2^63, truncated toward zero
    if (whole != l) {
      return Long.compare(whole, l);
    }
    return sign(d - whole, 0.0); // the fraction is exact
  }

  private static int compareGuids(UUID a, UUID b) {
    int high = Long.compareUnsigned(a.getMostSignificantBits(), b.getMostSignificantBits());
    return high != 0
        ? high
        : Long.compareUnsigned(a.getLeastSignificantBits(), b.getLeastSignificantBits());
  }
}
