package dev.tabula.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * The {@code startswith} extension against the plain reference evaluator, on keys built from the
 * code units where UTF-16 order and the key order (code points) part: U+FFFF, both halves of
 * surrogate pairs (paired and unpaired), U+10000, U+10FFFF, U+E000, U+0000.
 *
 * <p>Broken once to see these fail: the successor computed by incrementing the last UTF-16 unit
 * (dropping U+FFFF), as the naive recipe says, fails {@link #prefixRange_holdsExactlyThePrefixed}
 * (prefix "\uFFFF" claimed every key after it, U+10000 included) and the planner property.
 */
class StartsWithProperties {
  private static final List<String> UNITS =
      List.of(
          "",
          "a",
          "b",
          "\u0000",
          "\uFFFF",
          "\uE000",
          "\uD800",
          "\uDBFF",
          "\uDC00",
          "\uDFFF",
          "\uD800\uDC00",
          "\uDBFF\uDFFF",
          "\uD83D\uDE00");

  @Property(tries = 3000)
  void prefixRange_holdsExactlyThePrefixed(
      @ForAll("texts") String prefix, @ForAll("texts") String key) {
    String successor = KeyPrefix.successor(prefix).orElse(null);
    boolean inRange =
        EntityKey.KEY_ORDER.compare(prefix, key) <= 0
            && (successor == null || EntityKey.KEY_ORDER.compare(key, successor) < 0);
    boolean prefixed =
        ReferenceEvaluator.matches(
            new Filter.StartsWith("RowKey", prefix), Entity.unsaved("p", key, Map.of()));
    assertThat(inRange)
        .as("[%s, %s) holds %s", esc(prefix), esc(successor), esc(key))
        .isEqualTo(prefixed);
    assertThat(KeyPrefix.matches(key, prefix)).isEqualTo(prefixed);
  }

  @Property(tries = 1000)
  void plannedStartsWith_readsExactlyTheMatchingEntitiesInKeyOrder(
      @ForAll("tables") List<Entity> entities, @ForAll("filters") Filter filter) {
    TreeMap<EntityKey, Entity> table = new TreeMap<>();
    entities.forEach(e -> table.put(e.key(), e));
    QueryPlan plan = QueryPlanner.plan(filter);

    List<Entity> read = new ArrayList<>();
    for (QueryRange range : plan.ranges()) {
      table.values().stream()
          .filter(e -> range.contains(e.key()))
          .filter(plan.residual())
          .forEach(read::add);
    }
    assertThat(read)
        .as(FilterText.of(filter) + " planned as " + plan.ranges())
        .containsExactlyElementsOf(
            table.values().stream().filter(e -> ReferenceEvaluator.matches(filter, e)).toList());
  }

  @Property(tries = 300)
  void startsWithText_parsesOnlyWithTheExtension(@ForAll("texts") String prefix) {
    String text =
        "startswith(RowKey, "
            + FilterText.literal(new dev.tabula.model.EdmValue.EdmString(prefix))
            + ")";
    assertThat(FilterParser.parse(text, true)).isEqualTo(new Filter.StartsWith("RowKey", prefix));
  }

  @Provide
  Arbitrary<String> texts() {
    return Arbitraries.of(UNITS).list().ofMaxSize(3).map(parts -> String.join("", parts));
  }

  @Provide
  Arbitrary<List<Entity>> tables() {
    return Combinators.combine(texts(), texts())
        .as((pk, rk) -> Entity.unsaved(pk, rk, Map.of()))
        .list()
        .ofMaxSize(40);
  }

  @Provide
  Arbitrary<Filter> filters() {
    return filters(3);
  }

  private Arbitrary<Filter> filters(int depth) {
    Arbitrary<Filter> leaf =
        Arbitraries.oneOf(
            Combinators.combine(Arbitraries.of("PartitionKey", "RowKey", "A"), texts())
                .as(Filter.StartsWith::new),
            QueryArbitraries.filters(0, QueryArbitraries.KEY_PROPERTIES));
    if (depth == 0) {
      return leaf;
    }
    Arbitrary<Filter> smaller = Arbitraries.lazy(() -> filters(depth - 1));
    return Arbitraries.frequencyOf(
        Tuple.of(3, leaf),
        Tuple.of(2, Combinators.combine(smaller, smaller).as(Filter.And::new)),
        Tuple.of(2, Combinators.combine(smaller, smaller).as(Filter.Or::new)),
        Tuple.of(1, smaller.map(Filter.Not::new)));
  }

  private static String esc(String s) {
    if (s == null) {
      return "(none)";
    }
    StringBuilder out = new StringBuilder();
    s.chars()
        .forEach(
            c ->
                out.append(
                    c < 0x80 && c >= 0x20
                        ? String.valueOf((char) c)
                        : String.format("\\u%04X", c)));
    return out.toString();
  }
}
