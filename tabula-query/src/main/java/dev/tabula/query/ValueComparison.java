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
 * Orders a property's value against a filter constant, with the type rules of the service:
 *
 * <ul>
 *   <li>Values of the same type compare by value. Strings compare by code point (the key order, so
 *       key ranges and filters agree); binaries as unsigned bytes; GUIDs as their canonical text
 *       (which is .NET's {@code Guid.CompareTo} order); {@code false < true}.
 *   <li>A numeric constant also compares with a property of a wider numeric type (Int32 → Int64 →
 *       Double), exactly: against a real storage account an Int64 property 3 is {@code eq 3} and a
 *       Double property 3.0 is {@code eq 3} and {@code eq 3L} (CloudStub's query comparison data,
 *       CloudStub.AzureDataTables.Tests/Data/TableQueryComparisonTestData.cs and
 *       CloudStub.Azure.Cosmos.Table.Tests/StubCloudTableQueryComparisonTestData.cs).
 *   <li>Every other pairing (an Int32 property against {@code 3L} or {@code 3.0}, an Int64 one
 *       against {@code 3.0}, a string against a number, a GUID against its text, …) answers as if
 *       the property ordered before the constant: {@code eq}, {@code gt} and {@code ge} are false,
 *       {@code ne}, {@code lt} and {@code le} true, whichever of the two types is "larger". The
 *       same CloudStub data records exactly this for every pair of the eight types, and a
 *       maintainer's trace against the service in Azure/Azurite#2342 shows a Double or DateTime
 *       property matching {@code foo lt ''}. See {@link #OTHER_TYPE}.
 *   <li>NaN is unordered against every number, so it matches no comparison with one (the service's
 *       answer for NaN was not found; .NET would make {@code ne} true).
 * </ul>
 */
final class ValueComparison {
  /** The result for values that cannot be compared (NaN): no operator holds. */
  static final int UNORDERED = Integer.MIN_VALUE;

  /**
   * The result for a constant of a type the property's type does not compare with: the service
   * answers as if the property were smaller, so {@code ne}, {@code lt} and {@code le} hold.
   */
  static final int OTHER_TYPE = -1;

  private ValueComparison() {}

  /**
   * {@code <0}, {@code 0} or {@code >0} as {@code property} orders against {@code literal}; {@link
   * #OTHER_TYPE} across types; {@link #UNORDERED} for NaN.
   */
  static int compare(EdmValue property, EdmValue literal) {
    if (property instanceof EdmString p) {
      return literal instanceof EdmString l
          ? EntityKey.KEY_ORDER.compare(p.value(), l.value())
          : OTHER_TYPE;
    }
    if (property instanceof EdmInt32 p) {
      return literal instanceof EdmInt32 l ? Integer.compare(p.value(), l.value()) : OTHER_TYPE;
    }
    if (property instanceof EdmInt64 p) {
      if (literal instanceof EdmInt64 l) {
        return Long.compare(p.value(), l.value());
      }
      return literal instanceof EdmInt32 l ? Long.compare(p.value(), l.value()) : OTHER_TYPE;
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
    return OTHER_TYPE;
  }

  private static int compareDouble(double p, EdmValue literal) {
    if (!(literal instanceof EdmDouble
        || literal instanceof EdmInt32
        || literal instanceof EdmInt64)) {
      return OTHER_TYPE;
    }
    if (Double.isNaN(p)) {
      return UNORDERED;
    }
    if (literal instanceof EdmDouble l) {
      return Double.isNaN(l.value()) ? UNORDERED : sign(p, l.value());
    }
    if (literal instanceof EdmInt32 l) {
      return sign(p, l.value()); // every int is exact as a double
    }
    return compareExactly(p, ((EdmInt64) literal).value());
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
