package dev.tabula.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.Entity;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class FilterEvaluatorProperties {

  @Property(tries = 2000)
  void evaluator_agreesWithTheReferenceEvaluator(
      @ForAll("entities") Entity entity, @ForAll("filters") Filter filter) {
    assertThat(FilterEvaluator.matches(filter, PropertySource.of(entity)))
        .as("%s on %s", FilterText.of(filter), entity)
        .isEqualTo(ReferenceEvaluator.matches(filter, entity));
  }

  @Property(tries = 2000)
  void rowResidual_readsOnlyDeclaredProperties_andAgreesWithTheReference(
      @ForAll("entities") Entity entity, @ForAll("filters") Filter filter) {
    RowResidual residual = FilterEvaluator.rowResidual(filter);
    Set<String> declared = residual.properties();
    PropertySource whole = PropertySource.of(entity);
    // A row that refuses to show anything the filter did not declare, as a lazy engine would.
    PropertySource strict =
        name -> {
          if (!declared.contains(name) && !PropertySource.SYSTEM_PROPERTIES.contains(name)) {
            throw new AssertionError("read undeclared property " + name);
          }
          return whole.get(name);
        };

    assertThat(residual.test(strict))
        .as("%s on %s", FilterText.of(filter), entity)
        .isEqualTo(ReferenceEvaluator.matches(filter, entity));
    assertThat(declared).doesNotContainAnyElementsOf(PropertySource.SYSTEM_PROPERTIES);
  }

  @Property(tries = 1000)
  void filterText_parsesBackToTheSameFilter(@ForAll("filters") Filter filter) {
    assertThat(FilterParser.parse(FilterText.of(filter))).isEqualTo(filter);
  }

  @Provide
  Arbitrary<Entity> entities() {
    return QueryArbitraries.entities();
  }

  @Provide
  Arbitrary<Filter> filters() {
    return QueryArbitraries.filters(3);
  }
}
