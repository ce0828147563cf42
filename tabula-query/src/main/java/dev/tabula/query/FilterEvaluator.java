package dev.tabula.query;

import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Decides whether an entity (or a table) satisfies a {@link Filter}. A comparison on a property the
 * entity does not have matches nothing, for every operator including {@code ne}: against a real
 * storage account {@code StringProp ne '3'}, {@code Int32Prop ne 3} and the like return no entity
 * that lacks the property (CloudStub
 * CloudStub.Azure.Data.Tables.Tests/Table/Sync/TableClientQueryTests.cs,
 * Query_WhenUsingFilterOnNonExistentProperty_ReturnsNoEntities; also Azure/Azurite#1929 and a
 * maintainer's trace in #2342). A property of another type than the constant is compared as {@link
 * ValueComparison} says (it is present, so {@code ne} holds). Logic is two-valued: {@code not}
 * negates what its operand evaluated to, so {@code not (Foo ne 'a')} matches an entity without Foo
 * (CloudStub's Query_WhenUsingInvertedOrFilter_ReturnsMatchingEntitiesAndTheOnesWithout
 * DefinedRelatedProperties returns the entity with no properties). Stateless and thread-safe.
 */
public final class FilterEvaluator {
  private FilterEvaluator() {}

  /** True when the filter holds for these properties; a null filter holds for everything. */
  public static boolean matches(@Nullable Filter filter, PropertySource source) {
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
    if (filter instanceof Filter.StartsWith s) {
      // A property that is absent or of another type has no prefix: the condition is false.
      return source.get(s.property()) instanceof EdmValue.EdmString value
          && KeyPrefix.matches(value.value(), s.prefix());
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

  /**
   * The filter as a scan's {@link RowResidual}: the same decisions as {@link #predicate}, declaring
   * the custom properties it reads (see {@link #propertiesRead}) so an engine can decode only those
   * before deciding. A null filter keeps every row.
   */
  public static RowResidual rowResidual(Filter filter) {
    if (filter == null) {
      return RowResidual.ALL;
    }
    Set<String> properties = propertiesRead(filter);
    return new RowResidual() {
      @Override
      public Set<String> properties() {
        return properties;
      }

      @Override
      public boolean test(PropertySource row) {
        return matches(filter, row);
      }
    };
  }

  /**
   * The names of the custom properties the filter reads, in the order they first appear: every
   * compared or tested property except {@code PartitionKey}, {@code RowKey} and {@code Timestamp},
   * which are not custom properties. Empty for a null filter.
   */
  public static Set<String> propertiesRead(Filter filter) {
    Set<String> names = new LinkedHashSet<>();
    collectProperties(filter, names);
    return Collections.unmodifiableSet(names);
  }

  private static void collectProperties(Filter filter, Set<String> names) {
    if (filter instanceof Filter.And and) {
      collectProperties(and.left(), names);
      collectProperties(and.right(), names);
    } else if (filter instanceof Filter.Or or) {
      collectProperties(or.left(), names);
      collectProperties(or.right(), names);
    } else if (filter instanceof Filter.Not not) {
      collectProperties(not.operand(), names);
    } else if (filter instanceof Filter.Comparison c) {
      addCustom(c.property(), names);
    } else if (filter instanceof Filter.BooleanProperty b) {
      addCustom(b.property(), names);
    } else if (filter instanceof Filter.StartsWith s) {
      addCustom(s.property(), names);
    }
  }

  private static void addCustom(String name, Set<String> names) {
    if (!PropertySource.SYSTEM_PROPERTIES.contains(name)) {
      names.add(name);
    }
  }

  private static boolean compare(Filter.Comparison comparison, @Nullable EdmValue value) {
    if (value == null) {
      return false;
    }
    int order = ValueComparison.compare(value, comparison.literal());
    return order != ValueComparison.UNORDERED && comparison.operator().test(order);
  }
}
