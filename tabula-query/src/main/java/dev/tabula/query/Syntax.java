package dev.tabula.query;

import dev.tabula.model.EdmValue;
import java.util.List;

/**
 * The tree of filter text exactly as OData's grammar reads it, before the service's rules are
 * applied. It holds what the Table service rejects as well (function calls, arithmetic, {@code
 * null}), because the service answers those 501 or 400 only after the whole text has parsed: a
 * syntax error anywhere wins over an unsupported construct.
 */
sealed interface Syntax {

  /** A typed constant. */
  record Literal(EdmValue value) implements Syntax {}

  /** The {@code null} keyword. */
  record Null() implements Syntax {}

  /** A property name. */
  record Identifier(String name) implements Syntax {}

  /** A function call such as {@code startswith(RowKey,'a')}, with its parsed arguments. */
  record Call(String function, List<Syntax> arguments) implements Syntax {
    public Call {
      arguments = List.copyOf(arguments);
    }
  }

  /** A binary operator: {@code and or eq ne gt ge lt le add sub mul div mod}. */
  record Binary(String operator, Syntax left, Syntax right) implements Syntax {}

  /** {@code not} applied to an operand. */
  record Not(Syntax operand) implements Syntax {}
}
