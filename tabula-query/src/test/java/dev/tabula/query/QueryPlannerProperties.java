package dev.tabula.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class QueryPlannerProperties {

  @Property(tries = 1000)
  void plannedRangesPassedThroughTheResidual_returnExactlyTheMatchingEntities(
      @ForAll("tables") List<Entity> entities, @ForAll("keyFilters") Filter filter) {
    TreeMap<EntityKey, Entity> table = table(entities);
    QueryPlan plan = QueryPlanner.plan(filter);

    assertThat(read(table, plan.ranges(), plan))
        .as(FilterText.of(filter) + " planned as " + plan.ranges())
        .containsExactlyElementsOf(matching(table, filter, null));
  }

  @Property(tries = 500)
  void resumingAtAnyKey_returnsExactlyTheMatchingEntitiesFromThatKey(
      @ForAll("tables") List<Entity> entities,
      @ForAll("keyFilters") Filter filter,
      @ForAll("keys") EntityKey resume) {
    TreeMap<EntityKey, Entity> table = table(entities);
    QueryPlan plan = QueryPlanner.plan(filter);

    assertThat(read(table, plan.rangesFrom(resume), plan))
        .containsExactlyElementsOf(matching(table, filter, resume));
  }

  @Property(tries = 1000)
  void plannedRanges_areSortedAndDisjoint(@ForAll("keyFilters") Filter filter) {
    List<QueryRange> ranges = QueryPlanner.plan(filter).ranges();
    for (int i = 1; i < ranges.size(); i++) {
      EntityKey previousEnd = KeyRanges.upperKey(ranges.get(i - 1));
      assertThat(previousEnd).isNotNull();
      assertThat(previousEnd).isLessThan(KeyRanges.lowerKey(ranges.get(i)));
    }
    for (QueryRange range : ranges) {
      EntityKey lower = KeyRanges.lowerKey(range);
      EntityKey upper = KeyRanges.upperKey(range);
      assertThat(lower == null || upper == null || lower.compareTo(upper) < 0).isTrue();
    }
  }

  @Property(tries = 300)
  void keyComparisons_readExactlyTheKeysTheyMatch(
      @ForAll ComparisonOperator partitionOp,
      @ForAll("strings") String pk,
      @ForAll ComparisonOperator rowOp,
      @ForAll("strings") String rk) {
    String pkLiteral = FilterText.literal(new EdmValue.EdmString(pk));
    String rkLiteral = FilterText.literal(new EdmValue.EdmString(rk));
    for (String text :
        List.of(
            "PartitionKey " + partitionOp.keyword() + " " + pkLiteral,
            "PartitionKey eq " + pkLiteral + " and RowKey " + rowOp.keyword() + " " + rkLiteral,
            "not (PartitionKey " + partitionOp.keyword() + " " + pkLiteral + ")")) {
      Filter filter = FilterParser.parse(text);
      List<QueryRange> ranges = QueryPlanner.plan(filter).ranges();
      for (String probePk : QueryArbitraries.STRINGS) {
        for (String probeRk : QueryArbitraries.STRINGS) {
          EntityKey probe = new EntityKey(probePk, probeRk);
          boolean covered = ranges.stream().anyMatch(r -> r.contains(probe));
          Entity entity = Entity.unsaved(probePk, probeRk, Map.of());
          assertThat(covered)
              .as(text + " at " + probe)
              .isEqualTo(ReferenceEvaluator.matches(filter, entity));
        }
      }
    }
  }

  @Property(tries = 500)
  void pointFilter_readsOnlyItsKey(
      @ForAll("strings") String pk,
      @ForAll("strings") String rk,
      @ForAll("keys") EntityKey probe,
      @ForAll("extras") Filter extra) {
    String point =
        "PartitionKey eq "
            + FilterText.literal(new EdmValue.EdmString(pk))
            + " and RowKey eq "
            + FilterText.literal(new EdmValue.EdmString(rk));
    QueryPlan plan = QueryPlanner.plan(new Filter.And(FilterParser.parse(point), extra));

    boolean covered = plan.ranges().stream().anyMatch(r -> r.contains(probe));
    if (mentionsKeys(extra)) {
      // More key conditions can only narrow the plan (to nothing at all).
      assertThat(plan.ranges()).hasSizeLessThanOrEqualTo(1);
      assertThat(!covered || probe.equals(new EntityKey(pk, rk))).isTrue();
      return;
    }
    assertThat(plan.description()).isEqualTo("point");
    assertThat(plan.ranges()).hasSize(1);
    assertThat(covered).isEqualTo(probe.equals(new EntityKey(pk, rk)));
    assertThat(plan.ranges().get(0).contains(new EntityKey(pk, rk))).isTrue();
  }

  @Property(tries = 500)
  void partitionFilter_readsOnlyItsPartition(
      @ForAll("strings") String pk,
      @ForAll("keys") EntityKey probe,
      @ForAll("extras") Filter extra) {
    Filter partition =
        FilterParser.parse("PartitionKey eq " + FilterText.literal(new EdmValue.EdmString(pk)));
    QueryPlan plan = QueryPlanner.plan(new Filter.And(extra, partition));

    boolean covered = plan.ranges().stream().anyMatch(r -> r.contains(probe));
    if (mentionsKeys(extra)) {
      assertThat(!covered || probe.partitionKey().equals(pk)).isTrue();
      return;
    }
    assertThat(plan.description()).isEqualTo("partition");
    assertThat(plan.ranges()).hasSize(1);
    assertThat(covered).isEqualTo(probe.partitionKey().equals(pk));
  }

  @Property(tries = 500)
  void prefixFilter_readsOnlyItsRange(
      @ForAll("strings") String from,
      @ForAll("strings") String to,
      @ForAll("keys") EntityKey probe) {
    Filter prefix =
        FilterParser.parse(
            "PartitionKey ge "
                + FilterText.literal(new EdmValue.EdmString(from))
                + " and PartitionKey lt "
                + FilterText.literal(new EdmValue.EdmString(to))
                + " and Color eq 'Green'");
    QueryPlan plan = QueryPlanner.plan(prefix);

    boolean inRange =
        EntityKey.KEY_ORDER.compare(from, probe.partitionKey()) <= 0
            && EntityKey.KEY_ORDER.compare(probe.partitionKey(), to) < 0;
    boolean covered = plan.ranges().stream().anyMatch(r -> r.contains(probe));
    assertThat(covered).isEqualTo(inRange);
    assertThat(plan.ranges()).hasSizeLessThanOrEqualTo(1);
  }

  private static TreeMap<EntityKey, Entity> table(List<Entity> entities) {
    TreeMap<EntityKey, Entity> table = new TreeMap<>();
    entities.forEach(e -> table.put(e.key(), e));
    return table;
  }

  /** What an engine returns for the plan: each range in order, filtered by the residual. */
  private static List<Entity> read(
      Map<EntityKey, Entity> table, List<QueryRange> ranges, QueryPlan plan) {
    List<Entity> result = new ArrayList<>();
    for (QueryRange range : ranges) {
      table.values().stream()
          .filter(e -> range.contains(e.key()))
          .filter(plan.residual())
          .forEach(result::add);
    }
    return result;
  }

  private static List<Entity> matching(
      TreeMap<EntityKey, Entity> table, Filter filter, EntityKey from) {
    return (from == null ? table : table.tailMap(from, true))
        .values().stream().filter(e -> ReferenceEvaluator.matches(filter, e)).toList();
  }

  /** One entity for every key the pools can form, so that key bounds are always probed. */
  @Provide
  Arbitrary<List<Entity>> tables() {
    List<String> pool = QueryArbitraries.STRINGS;
    return QueryArbitraries.entities()
        .list()
        .ofSize(pool.size() * pool.size())
        .map(
            random -> {
              List<Entity> grid = new ArrayList<>();
              for (int i = 0; i < random.size(); i++) {
                Entity e = random.get(i);
                String pk = pool.get(i / pool.size());
                String rk = pool.get(i % pool.size());
                grid.add(new Entity(pk, rk, e.timestamp(), e.properties()));
              }
              return grid;
            });
  }

  @Provide
  Arbitrary<Filter> keyFilters() {
    return Arbitraries.oneOf(
            QueryArbitraries.filters(4),
            QueryArbitraries.filters(4, QueryArbitraries.KEY_PROPERTIES))
        .filter(f -> countComparisons(f) <= FilterParser.MAX_COMPARISONS);
  }

  @Provide
  Arbitrary<Filter> extras() {
    return QueryArbitraries.filters(2);
  }

  @Provide
  Arbitrary<String> strings() {
    return QueryArbitraries.strings();
  }

  @Provide
  Arbitrary<EntityKey> keys() {
    return net.jqwik.api.Combinators.combine(QueryArbitraries.strings(), QueryArbitraries.strings())
        .as(EntityKey::new);
  }

  /** True when a filter can narrow a plan: it compares keys or holds a constant. */
  private static boolean mentionsKeys(Filter f) {
    if (f instanceof Filter.And a) {
      return mentionsKeys(a.left()) || mentionsKeys(a.right());
    }
    if (f instanceof Filter.Or o) {
      return mentionsKeys(o.left()) || mentionsKeys(o.right());
    }
    if (f instanceof Filter.Not n) {
      return mentionsKeys(n.operand());
    }
    if (f instanceof Filter.Constant) {
      return true; // "and false" (or "and not true") empties any plan
    }
    return f instanceof Filter.Comparison c
        && (c.property().equals("PartitionKey") || c.property().equals("RowKey"));
  }

  private static int countComparisons(Filter f) {
    if (f instanceof Filter.And a) {
      return countComparisons(a.left()) + countComparisons(a.right());
    }
    if (f instanceof Filter.Or o) {
      return countComparisons(o.left()) + countComparisons(o.right());
    }
    if (f instanceof Filter.Not n) {
      return countComparisons(n.operand());
    }
    return f instanceof Filter.Constant ? 0 : 1;
  }
}
