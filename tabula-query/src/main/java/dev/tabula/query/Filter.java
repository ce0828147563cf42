package dev.tabula.query;

import dev.tabula.model.EdmValue;
import java.util.Objects;

/**
 * A parsed and checked {@code $filter}: the sealed AST the evaluator and the planner switch over.
 * Every comparison has a property on one side and a typed constant on the other (the service
 * accepts either order; {@link FilterParser} normalises to property first). Nodes are immutable.
 */
public sealed interface Filter {

  /** Both operands hold. */
  record And(Filter left, Filter right) implements Filter {
    public And {
      Objects.requireNonNull(left, "left");
      Objects.requireNonNull(right, "right");
    }
  }

  /** At least one operand holds. */
  record Or(Filter left, Filter right) implements Filter {
    public Or {
      Objects.requireNonNull(left, "left");
      Objects.requireNonNull(right, "right");
    }
  }

  /**
   * The operand does not hold (two-valued: a comparison that does not hold is false, so this is
   * true).
   */
  record Not(Filter operand) implements Filter {
    public Not {
      Objects.requireNonNull(operand, "operand");
    }
  }

  /**
   * {@code property operator literal}. {@code PartitionKey}, {@code RowKey} and {@code Timestamp}
   * are properties like any other here.
   */
  record Comparison(String property, ComparisonOperator operator, EdmValue literal)
      implements Filter {
    public Comparison {
      Objects.requireNonNull(property, "property");
      Objects.requireNonNull(operator, "operator");
      Objects.requireNonNull(literal, "literal");
    }
  }

  /**
   * A bare property used as a condition ({@code $filter=IsActive}): holds when it is Edm.Boolean
   * true.
   */
  record BooleanProperty(String property) implements Filter {
    public BooleanProperty {
      Objects.requireNonNull(property, "property");
    }
  }

  /**
   * {@code startswith(property, 'prefix')}, Tabula's opt-in extension (docs/extensions.md): holds
   * when the property is a string whose code points begin with the prefix's, the key order's notion
   * of a prefix (so it agrees with the key range {@link KeyPrefix} plans). Only parsed when the
   * request asked for the {@code startswith} extension.
   */
  record StartsWith(String property, String prefix) implements Filter {
    public StartsWith {
      Objects.requireNonNull(property, "property");
      Objects.requireNonNull(prefix, "prefix");
    }
  }

  /** The literal {@code true} or {@code false} used as a condition. */
  record Constant(boolean value) implements Filter {}
}
