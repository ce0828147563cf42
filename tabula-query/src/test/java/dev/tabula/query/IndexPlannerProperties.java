package dev.tabula.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.EdmType;
import dev.tabula.model.EdmValue;
import dev.tabula.model.EdmValue.EdmDouble;
import dev.tabula.model.EdmValue.EdmInt32;
import dev.tabula.model.EdmValue.EdmInt64;
import dev.tabula.model.EdmValue.EdmString;
import dev.tabula.model.Entity;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link IndexPlanner} never loses a match: whenever the reference evaluator says an entity matches
 * a filter, and the planner chose the index on {@code P} for it, the entity's {@code P} lies in one
 * of the chosen intervals, read with the reference evaluator's semantics too (the interval's
 * section is the value's type, and {@code P ge|gt lower and P le|lt upper} holds). Filters mix
 * terms on the indexed property with terms on another one, under and/or/not.
 *
 * <p>Broken once each: an interval whose two ends are one included value taken as empty failed
 * {@link #everyMatch_liesInTheChosenIntervals} and {@link
 * #anIntegerEquality_readsThreeNumericSections}; the bound of an Int64 constant in the Double
 * section kept exclusive failed {@link #anInt64Bound_inTheDoubleSection_isRoundedOutward} (the
 * random filters rarely meet a long that no double holds).
 */
class IndexPlannerProperties {
  private static final String P = "P";

  @Property(tries = 3000)
  void everyMatch_liesInTheChosenIntervals(
      @ForAll("entities") Entity entity, @ForAll("filters") Filter filter) {
    Optional<IndexSelection> selection = IndexPlanner.select(filter, List.of(P));
    if (selection.isEmpty() || !ReferenceEvaluator.matches(filter, entity)) {
      return;
    }
    EdmValue value = entity.properties().get(P);
    assertThat(value).as("a match has the anchored property").isNotNull();
    assertThat(selection.get().intervals())
        .as("%s = %s under %s", P, value, filter)
        .anySatisfy(interval -> assertThat(inInterval(value, interval)).isTrue());
  }

  @Example
  void anIntegerEquality_readsThreeNumericSections() {
    IndexSelection selection = select("P eq 3");

    assertThat(selection.intervals())
        .extracting(IndexInterval::section)
        .containsExactlyInAnyOrder(EdmType.INT32, EdmType.INT64, EdmType.DOUBLE);
    assertThat(selection.intervals())
        .allSatisfy(i -> assertThat(i.lower()).isEqualTo(i.upper()))
        .extracting(i -> i.lower().value())
        .containsExactlyInAnyOrder(new EdmInt32(3), new EdmInt64(3), new EdmDouble(3.0));
  }

  /** 2^53 + 1 is no double: the nearest, 2^53, is below it and must stay in {@code lt} 2^53 + 1. */
  @Example
  void anInt64Bound_inTheDoubleSection_isRoundedOutward() {
    EdmValue below = new EdmDouble(9.007199254740992E15);
    Filter filter = FilterParser.parse("P ge 0 and P lt 9007199254740993L");
    Entity entity = new Entity("pk", "rk", Instant.EPOCH, Map.of(P, below));
    assertThat(ReferenceEvaluator.matches(filter, entity)).isTrue();

    IndexSelection selection = IndexPlanner.select(filter, List.of(P)).orElseThrow();

    assertThat(selection.intervals()).anySatisfy(i -> assertThat(inInterval(below, i)).isTrue());
  }

  @Example
  void aStringRange_isOneInterval() {
    IndexSelection selection = select("P ge 'a' and P lt 'c' and Q eq 1");

    assertThat(selection.intervals())
        .containsExactly(
            new IndexInterval(
                EdmType.STRING,
                new IndexBound(new EdmString("a"), true),
                new IndexBound(new EdmString("c"), false)));
  }

  @Example
  void onlyAnUpperBound_orAnInequality_orADisjunction_choosesNoIndex() {
    assertThat(IndexPlanner.select(FilterParser.parse("P lt 5"), List.of(P))).isEmpty();
    assertThat(IndexPlanner.select(FilterParser.parse("P ne 5"), List.of(P))).isEmpty();
    assertThat(IndexPlanner.select(FilterParser.parse("P eq 5 or Q eq 1"), List.of(P))).isEmpty();
    assertThat(IndexPlanner.select(FilterParser.parse("not (P eq 5)"), List.of(P))).isEmpty();
  }

  @Example
  void contradictoryBounds_readNothing() {
    assertThat(select("P eq 1 and P eq 2").intervals()).isEmpty();
    assertThat(select("P gt 'b' and P lt 'b'").intervals()).isEmpty();
  }

  @Example
  void anEqualityIsPreferred_overARange() {
    Optional<IndexSelection> selection =
        IndexPlanner.select(FilterParser.parse("R gt 1 and P eq 'x'"), List.of("R", P));

    assertThat(selection).map(IndexSelection::property).contains(P);
  }

  private static IndexSelection select(String filter) {
    return IndexPlanner.select(FilterParser.parse(filter), List.of(P)).orElseThrow();
  }

  /** Whether the value lies in the interval, by the reference evaluator's semantics. */
  private static boolean inInterval(EdmValue value, IndexInterval interval) {
    if (value.type() != interval.section()) {
      return false;
    }
    Entity holder = new Entity("pk", "rk", Instant.EPOCH, Map.of(P, value));
    Filter bounds = new Filter.Constant(true);
    if (interval.lower() != null) {
      bounds = new Filter.And(bounds, bound(interval.lower(), true));
    }
    if (interval.upper() != null) {
      bounds = new Filter.And(bounds, bound(interval.upper(), false));
    }
    return ReferenceEvaluator.matches(bounds, holder);
  }

  private static Filter bound(IndexBound bound, boolean lower) {
    ComparisonOperator op =
        lower
            ? (bound.inclusive() ? ComparisonOperator.GE : ComparisonOperator.GT)
            : (bound.inclusive() ? ComparisonOperator.LE : ComparisonOperator.LT);
    return new Filter.Comparison(P, op, bound.value());
  }

  @Provide
  Arbitrary<Entity> entities() {
    return QueryArbitraries.values(true)
        .injectNull(0.1)
        .map(
            value ->
                new Entity(
                    "pk",
                    "rk",
                    Instant.EPOCH,
                    value == null ? Map.of("Q", new EdmInt32(1)) : Map.of(P, value)));
  }

  @Provide
  Arbitrary<Filter> filters() {
    return QueryArbitraries.indexFilters(P, "Q");
  }
}
