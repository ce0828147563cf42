package dev.tabula.query;

import dev.tabula.model.EdmValue;
import java.util.List;

/**
 * Applies the Table service's rules to a parsed filter and builds the {@link Filter} AST:
 *
 * <ul>
 *   <li>a comparison needs a property on one side and a constant on the other, in either order
 *       ({@code '2022-07-12' eq PartitionKey} works on the service, Azure/Azurite#1599);
 *   <li>{@code null} is 400 InvalidInput ({@code myCol eq null} on the service,
 *       Azure/Azurite#2471);
 *   <li>two constants ({@code 1 eq 1}), two properties, functions and arithmetic are 501
 *       NotImplemented: valid OData that the service's engine does not run (the docs: "it is not
 *       possible to compare a property to a dynamic value; one side of the expression must be a
 *       constant");
 *   <li>{@code true} and {@code false} stand alone as conditions: the ASP.NET health check queries
 *       with {@code $filter=false} against the service (Azure/Azurite#1573, #2450);
 *   <li>a bare property is a condition that holds when the property is Edm.Boolean true (OData's
 *       boolean member access; not confirmed against the service);
 *   <li>any other non-boolean filter is 400 "The $filter expression must evaluate to a single
 *       boolean value." (Azure/Azurite#1185).
 * </ul>
 *
 * With the {@code startswith} extension asked for, {@code startswith(property, 'prefix')} is a
 * condition too (it counts as one comparison); see {@link #startsWith}.
 *
 * <p>Not thread-safe; one instance binds one filter.
 */
final class FilterBinder {
  private static final String STARTS_WITH = "startswith";
  private final boolean startsWithAllowed;
  private int comparisons;

  private FilterBinder(boolean startsWithAllowed) {
    this.startsWithAllowed = startsWithAllowed;
  }

  /** The bound filter, and how many comparisons it holds. */
  record Bound(Filter filter, int comparisons) {}

  static Bound bind(Syntax syntax, boolean startsWithAllowed) {
    FilterBinder binder = new FilterBinder(startsWithAllowed);
    Filter filter = binder.condition(syntax);
    return new Bound(filter, binder.comparisons);
  }

  private Filter condition(Syntax syntax) {
    if (syntax instanceof Syntax.Binary binary) {
      return binary(binary);
    }
    if (syntax instanceof Syntax.Not not) {
      return new Filter.Not(condition(not.operand()));
    }
    if (syntax instanceof Syntax.Literal literal) {
      if (literal.value() instanceof EdmValue.EdmBoolean b) {
        return new Filter.Constant(b.value());
      }
      throw FilterErrors.notBoolean();
    }
    if (syntax instanceof Syntax.Identifier identifier) {
      comparisons++;
      return new Filter.BooleanProperty(identifier.name());
    }
    if (syntax instanceof Syntax.Null) {
      throw FilterErrors.notBoolean();
    }
    Syntax.Call call = (Syntax.Call) syntax;
    if (startsWithAllowed && call.function().equals(STARTS_WITH)) {
      return startsWith(call);
    }
    throw FilterErrors.notImplemented(); // a function the service does not run
  }

  /**
   * {@code startswith(property, 'prefix')}: exactly a property and a string constant, in that
   * order. Anything else (a number or other typed constant as the prefix, the operands swapped, a
   * wrong number of them) is 400 InvalidInput, the answer the service gives a filter whose operands
   * do not fit (FilterErrors#startsWithOperands).
   */
  private Filter startsWith(Syntax.Call call) {
    List<Syntax> arguments = call.arguments();
    if (arguments.size() == 2
        && arguments.get(0) instanceof Syntax.Identifier property
        && arguments.get(1) instanceof Syntax.Literal literal
        && literal.value() instanceof EdmValue.EdmString prefix) {
      comparisons++;
      return new Filter.StartsWith(property.name(), prefix.value());
    }
    throw FilterErrors.startsWithOperands();
  }

  private Filter binary(Syntax.Binary binary) {
    switch (binary.operator()) {
      case "and":
        return new Filter.And(condition(binary.left()), condition(binary.right()));
      case "or":
        return new Filter.Or(condition(binary.left()), condition(binary.right()));
      default:
        break;
    }
    ComparisonOperator op = ComparisonOperator.fromKeyword(binary.operator());
    if (op == null) {
      throw FilterErrors.notImplemented(); // add, sub, mul, div, mod
    }
    return comparison(op, binary.left(), binary.right());
  }

  private Filter comparison(ComparisonOperator op, Syntax left, Syntax right) {
    if (left instanceof Syntax.Null || right instanceof Syntax.Null) {
      throw FilterErrors.syntax();
    }
    comparisons++;
    if (left instanceof Syntax.Identifier id && right instanceof Syntax.Literal value) {
      return new Filter.Comparison(id.name(), op, value.value());
    }
    if (left instanceof Syntax.Literal value && right instanceof Syntax.Identifier id) {
      return new Filter.Comparison(id.name(), op.flip(), value.value());
    }
    throw FilterErrors.notImplemented();
  }
}
