package dev.tabula.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.engine.RowFilter;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import java.time.Instant;
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
  void rowFilter_readsOnlyDeclaredProperties_andAgreesWithTheReference(
      @ForAll("entities") Entity entity, @ForAll("filters") Filter filter) {
    RowFilter rowFilter = FilterEvaluator.rowFilter(filter);
    Set<String> declared = rowFilter.properties();
    RowFilter.Row whole = RowFilter.Row.of(entity);
    // A row that refuses to show anything the filter did not declare, as a lazy engine would.
    RowFilter.Row strict =
        new RowFilter.Row() {
          @Override
          public String partitionKey() {
            return whole.partitionKey();
          }

          @Override
          public String rowKey() {
            return whole.rowKey();
          }

          @Override
          public Instant timestamp() {
            return whole.timestamp();
          }

          @Override
          public EdmValue property(String name) {
            if (!declared.contains(name)) {
              throw new AssertionError("read undeclared property " + name);
            }
            return whole.property(name);
          }

          @Override
          public Entity entity() {
            throw new AssertionError("read the whole entity");
          }
        };

    assertThat(rowFilter.test(strict))
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
