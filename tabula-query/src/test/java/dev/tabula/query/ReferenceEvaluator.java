package dev.tabula.query;

import dev.tabula.model.EdmType;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Map;

/**
 * A deliberately plain statement of the filter semantics, to check the real evaluator against:
 * numbers become BigDecimals, strings code-point arrays, GUIDs their text.
 */
public final class ReferenceEvaluator {
  private static final Map<EdmType, Integer> NUMERIC_RANK =
      Map.of(EdmType.INT32, 0, EdmType.INT64, 1, EdmType.DOUBLE, 2);

  private ReferenceEvaluator() {}

  public static boolean matches(Filter filter, Entity entity) {
    if (filter instanceof Filter.And f) {
      return matches(f.left(), entity) && matches(f.right(), entity);
    }
    if (filter instanceof Filter.Or f) {
      return matches(f.left(), entity) || matches(f.right(), entity);
    }
    if (filter instanceof Filter.Not f) {
      return !matches(f.operand(), entity);
    }
    if (filter instanceof Filter.Constant f) {
      return f.value();
    }
    if (filter instanceof Filter.BooleanProperty f) {
      return new EdmValue.EdmBoolean(true).equals(lookup(entity, f.property()));
    }
    if (filter instanceof Filter.StartsWith f) {
      // Plainly: the code points of the value begin with those of the prefix.
      return lookup(entity, f.property()) instanceof EdmValue.EdmString s
          && startsWith(s.value().codePoints().toArray(), f.prefix().codePoints().toArray());
    }
    Filter.Comparison c = (Filter.Comparison) filter;
    EdmValue value = lookup(entity, c.property());
    Integer order = value == null ? null : order(value, c.literal());
    return order != null && c.operator().test(order);
  }

  static EdmValue lookup(Entity entity, String name) {
    if (name.equals("PartitionKey")) {
      return new EdmValue.EdmString(entity.partitionKey());
    }
    if (name.equals("RowKey")) {
      return new EdmValue.EdmString(entity.rowKey());
    }
    if (name.equals("Timestamp")) {
      return entity.timestamp() == null ? null : new EdmValue.EdmDateTime(entity.timestamp());
    }
    return entity.properties().get(name);
  }

  /**
   * Property versus literal: -1, 0 or 1, or null when no operator holds (NaN). Across types the
   * service answers as if the property were smaller: eq, gt, ge false and ne, lt, le true
   * (CloudStub's TableQueryComparisonTestData, recorded against a real storage account, for every
   * pair of types); only a numeric literal of a narrower type than the property (Int32 for Int64 or
   * Double, Int64 for Double) compares by value.
   */
  static Integer order(EdmValue property, EdmValue literal) {
    Integer propertyRank = NUMERIC_RANK.get(property.type());
    Integer literalRank = NUMERIC_RANK.get(literal.type());
    if (propertyRank != null && literalRank != null && literalRank <= propertyRank) {
      if (isNaN(property) || isNaN(literal)) {
        return null;
      }
      return Integer.signum(decimal(property).compareTo(decimal(literal)));
    }
    if (property.type() != literal.type()) {
      return -1;
    }
    if (property instanceof EdmValue.EdmString p) {
      String l = ((EdmValue.EdmString) literal).value();
      return Integer.signum(
          Arrays.compare(p.value().codePoints().toArray(), l.codePoints().toArray()));
    }
    if (property instanceof EdmValue.EdmBoolean p) {
      return Boolean.compare(p.value(), ((EdmValue.EdmBoolean) literal).value());
    }
    if (property instanceof EdmValue.EdmDateTime p) {
      return Integer.signum(p.value().compareTo(((EdmValue.EdmDateTime) literal).value()));
    }
    if (property instanceof EdmValue.EdmGuid p) {
      return Integer.signum(
          p.value().toString().compareTo(((EdmValue.EdmGuid) literal).value().toString()));
    }
    byte[] a = ((EdmValue.EdmBinary) property).value();
    return Integer.signum(Arrays.compareUnsigned(a, ((EdmValue.EdmBinary) literal).value()));
  }

  private static boolean startsWith(int[] value, int[] prefix) {
    return value.length >= prefix.length
        && Arrays.equals(Arrays.copyOf(value, prefix.length), prefix);
  }

  private static boolean isNaN(EdmValue value) {
    return value instanceof EdmValue.EdmDouble d && Double.isNaN(d.value());
  }

  private static BigDecimal decimal(EdmValue value) {
    if (value instanceof EdmValue.EdmInt32 i) {
      return BigDecimal.valueOf(i.value());
    }
    if (value instanceof EdmValue.EdmInt64 l) {
      return BigDecimal.valueOf(l.value());
    }
    return new BigDecimal(((EdmValue.EdmDouble) value).value());
  }
}
