package dev.tabula.query;

import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Random entities and filters drawn from small pools, so that filters hit, miss and tie often: keys
 * and strings that share prefixes and sit around U+FFFF, numbers at type boundaries, and every Edm
 * type.
 */
public final class QueryArbitraries {
  static final List<String> STRINGS =
      List.of(
          "", "a", "a\u0000", "ab", "b", "b\u00e9", "ba", "c", "it's", "\uFF5E", "\uD83D\uDE00");
  static final List<String> PROPERTIES = List.of("A", "B", "C");

  /** Properties filters compare, keys weighted up so that plans have something to narrow. */
  static final List<String> FILTER_PROPERTIES =
      List.of(
          "PartitionKey",
          "PartitionKey",
          "PartitionKey",
          "RowKey",
          "RowKey",
          "Timestamp",
          "A",
          "B",
          "C",
          "Missing");

  /** Mostly keys, for planner properties. */
  static final List<String> KEY_PROPERTIES =
      List.of("PartitionKey", "PartitionKey", "PartitionKey", "RowKey", "RowKey", "RowKey", "A");

  private static final List<Instant> INSTANTS =
      List.of(
          Instant.parse("1601-01-01T00:00:00Z"), Instant.parse("2020-01-01T00:00:00Z"),
          Instant.parse("2020-01-01T00:00:00.0000001Z"),
              Instant.parse("9999-12-31T23:59:59.9999999Z"));
  private static final List<UUID> GUIDS =
      List.of(
          UUID.fromString("00000000-0000-0000-0000-000000000000"),
          UUID.fromString("7fffffff-0000-0000-8000-000000000000"),
          UUID.fromString("80000000-0000-0000-0000-000000000001"),
          UUID.fromString("ffffffff-ffff-ffff-ffff-ffffffffffff"));

  private QueryArbitraries() {}

  public static Arbitrary<String> strings() {
    return Arbitraries.of(STRINGS);
  }

  /** A value of any type; {@code withNaN} adds NaN, which entities can hold but literals cannot. */
  public static Arbitrary<EdmValue> values(boolean withNaN) {
    Arbitrary<EdmValue> doubles =
        Arbitraries.of(
                -1.0,
                -0.0,
                0.0,
                0.5,
                1.0,
                5.0,
                9.007199254740992E15,
                -9.223372036854775808E18,
                withNaN ? Double.NaN : 1.5)
            .map(EdmValue.EdmDouble::new);
    return Arbitraries.oneOf(
        strings().map(EdmValue.EdmString::new),
        Arbitraries.of(-1, 0, 1, 5, Integer.MAX_VALUE, Integer.MIN_VALUE)
            .map(EdmValue.EdmInt32::new),
        Arbitraries.of(-1L, 0L, 1L, 5L, 9007199254740993L, Long.MIN_VALUE)
            .map(EdmValue.EdmInt64::new),
        doubles,
        Arbitraries.of(true, false).map(EdmValue.EdmBoolean::new),
        Arbitraries.of(INSTANTS).map(EdmValue.EdmDateTime::new),
        Arbitraries.of(GUIDS).map(EdmValue.EdmGuid::new),
        Arbitraries.of(
                new byte[0], new byte[] {0x7f}, new byte[] {(byte) 0x80}, new byte[] {0x7f, 0})
            .map(EdmValue.EdmBinary::new));
  }

  static Arbitrary<Entity> entities() {
    Arbitrary<Map<String, EdmValue>> properties =
        Arbitraries.maps(Arbitraries.of(PROPERTIES), values(true))
            .ofMaxSize(3)
            .map(LinkedHashMap::new);
    return Combinators.combine(strings(), strings(), Arbitraries.of(INSTANTS), properties)
        .as(Entity::new);
  }

  /**
   * Filters on an indexed {@code property} and an {@code other} one: half anchored (a comparison of
   * {@code property} and-ed with a small filter), half any mix of both, so that an index planner
   * meets both filters it can serve and filters it cannot.
   */
  public static Arbitrary<Filter> indexFilters(String property, String other) {
    Arbitrary<Filter> anchored =
        filters(1, List.of(property, property, property, other))
            .flatMap(
                rest ->
                    filters(0, List.of(property))
                        .map(first -> (Filter) new Filter.And(first, rest)));
    return Arbitraries.oneOf(anchored, filters(2, List.of(property, property, other)));
  }

  /** Filters of up to {@code depth} levels of and/or/not, so at most 2^depth comparisons. */
  static Arbitrary<Filter> filters(int depth) {
    return filters(depth, FILTER_PROPERTIES);
  }

  /** Filters comparing the given properties (repeat a name to weight it). */
  public static Arbitrary<Filter> filters(int depth, List<String> properties) {
    if (depth == 0) {
      return leaves(properties);
    }
    Arbitrary<Filter> smaller = Arbitraries.lazy(() -> filters(depth - 1, properties));
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(3, leaves(properties)),
        net.jqwik.api.Tuple.of(2, Combinators.combine(smaller, smaller).as(Filter.And::new)),
        net.jqwik.api.Tuple.of(2, Combinators.combine(smaller, smaller).as(Filter.Or::new)),
        net.jqwik.api.Tuple.of(1, smaller.map(Filter.Not::new)));
  }

  private static Arbitrary<Filter> leaves(List<String> properties) {
    Arbitrary<Filter> comparisons =
        Combinators.combine(
                Arbitraries.of(properties),
                Arbitraries.of(ComparisonOperator.class),
                Arbitraries.frequencyOf(
                    net.jqwik.api.Tuple.of(
                        3, strings().map(s -> (EdmValue) new EdmValue.EdmString(s))),
                    net.jqwik.api.Tuple.of(2, values(false))))
            .as(Filter.Comparison::new);
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(12, comparisons),
        net.jqwik.api.Tuple.of(1, Arbitraries.of(true, false).map(Filter.Constant::new)),
        net.jqwik.api.Tuple.of(1, Arbitraries.of(PROPERTIES).map(Filter.BooleanProperty::new)));
  }
}
