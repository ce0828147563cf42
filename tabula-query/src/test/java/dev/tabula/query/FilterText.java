package dev.tabula.query;

import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.EdmValue;
import java.util.HexFormat;

/** Writes a {@link Filter} back as filter text, the way SDKs write it, to test the parser. */
public final class FilterText {
  private FilterText() {}

  public static String of(Filter filter) {
    if (filter instanceof Filter.And f) {
      return "(" + of(f.left()) + ") and (" + of(f.right()) + ")";
    }
    if (filter instanceof Filter.Or f) {
      return "(" + of(f.left()) + ")or(" + of(f.right()) + ")";
    }
    if (filter instanceof Filter.Not f) {
      return "not (" + of(f.operand()) + ")";
    }
    if (filter instanceof Filter.Constant f) {
      return Boolean.toString(f.value());
    }
    if (filter instanceof Filter.BooleanProperty f) {
      return f.property();
    }
    if (filter instanceof Filter.StartsWith f) {
      return "startswith("
          + f.property()
          + ", "
          + literal(new EdmValue.EdmString(f.prefix()))
          + ")";
    }
    Filter.Comparison c = (Filter.Comparison) filter;
    // Alternate the order of the operands; the service accepts the constant on either side.
    if ((c.property().length() + c.operator().ordinal()) % 2 == 0) {
      return literal(c.literal()) + " " + c.operator().flip().keyword() + " " + c.property();
    }
    return c.property() + " " + c.operator().keyword() + " " + literal(c.literal());
  }

  static String literal(EdmValue value) {
    if (value instanceof EdmValue.EdmString s) {
      return "'" + s.value().replace("'", "''") + "'";
    }
    if (value instanceof EdmValue.EdmInt64 l) {
      return l.value() + "L";
    }
    if (value instanceof EdmValue.EdmDateTime t) {
      return "datetime'" + EdmDateTimes.format(t.value()) + "'";
    }
    if (value instanceof EdmValue.EdmGuid g) {
      return "guid'" + g.value() + "'";
    }
    if (value instanceof EdmValue.EdmBinary b) {
      return "X'" + HexFormat.of().formatHex(b.value()) + "'";
    }
    if (value instanceof EdmValue.EdmInt32 i) {
      return Integer.toString(i.value());
    }
    if (value instanceof EdmValue.EdmDouble d) {
      return Double.toString(d.value());
    }
    return Boolean.toString(((EdmValue.EdmBoolean) value).value());
  }
}
