package dev.tabula.query;

import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import java.util.function.Predicate;

/**
 * Decides whether an entity (or a table) satisfies a {@link Filter}. A comparison on a property
 * the entity does not have matches nothing, for every operator including {@code ne}: on the
 * service {@code Foo ne ''} skips entities without Foo (Azure/Azurite#1929, PR #1930 with a test
 * that passes against Azure) and {@code foo gt ''} skips them too (a maintainer's trace against
 * the service in Azure/Azurite#2342). Logic is two-valued: {@code not} negates what its operand
 * evaluated to, so {@code not (Foo eq 'a')} matches an entity without Foo, as in Azurite
 * (the service's answer for this case was not found). Stateless and thread-safe.
 */
public final class FilterEvaluator {
  private FilterEvaluator() {}

  /** True when the filter holds for these properties; a null filter holds for everything. */
  public static boolean matches(Filter filter, PropertySource source) {
    if (filter == null) {
      return true;
    }
    if (filter instanceof Filter.Comparison c) {
      return compare(c, source.get(c.property()));
    }
    if (filter instanceof Filter.And and) {
      return matches(and.left(), source) && matches(and.right(), source);
    }
    if (filter instanceof Filter.Or or) {
      return matches(or.left(), source) || matches(or.right(), source);
    }
    if (filter instanceof Filter.Not not) {
      return !matches(not.operand(), source);
    }
    if (filter instanceof Filter.BooleanProperty b) {
      return source.get(b.property()) instanceof EdmValue.EdmBoolean value && value.value();
    }
    return ((Filter.Constant) filter).value();
  }

  /** The filter as a predicate over entities; a null filter accepts every entity. */
  public static Predicate<Entity> predicate(Filter filter) {
    if (filter == null) {
      return entity -> true;
    }
    return entity -> matches(filter, PropertySource.of(entity));
  }

  private static boolean compare(Filter.Comparison comparison, EdmValue value) {
    if (value == null) {
      return false;
    }
    int order = ValueComparison.compare(value, comparison.literal());
    return order != ValueComparison.UNORDERED && comparison.operator().test(order);
  }
}
