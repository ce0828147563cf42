package dev.tabula.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QueryPlannerTest {

  private static QueryPlan plan(String filter) {
    return QueryPlanner.plan(FilterParser.parse(filter));
  }

  private static QueryRange range(String lowerPk, String lowerRk, String upperPk, String upperRk) {
    return new QueryRange(
        RangeBound.at(new EntityKey(lowerPk, lowerRk)),
        RangeBound.at(new EntityKey(upperPk, upperRk)));
  }

  @Test
  void noFilter_scansTheTable() {
    QueryPlan plan = QueryPlanner.plan(null);
    assertThat(plan.ranges()).containsExactly(QueryRange.ALL);
    assertThat(plan.description()).isEqualTo("scan");
  }

  @Test
  void partitionAndRowKeyEquality_isAPoint() {
    QueryPlan plan = plan("PartitionKey eq 'p' and RowKey eq 'r'");
    assertThat(plan.description()).isEqualTo("point");
    assertThat(plan.ranges()).containsExactly(range("p", "r", "p", "r\u0000"));
  }

  @Test
  void pointWithMoreConditions_staysAPoint() {
    assertThat(plan("Price gt 5 and (RowKey eq 'r' and PartitionKey eq 'p')").description())
        .isEqualTo("point");
    assertThat(plan("'p' eq PartitionKey and 'r' eq RowKey").description()).isEqualTo("point");
  }

  @Test
  void partitionKeyEquality_isThePartition() {
    QueryPlan plan = plan("PartitionKey eq 'customer42' and Total gt 10.0");
    assertThat(plan.description()).isEqualTo("partition");
    assertThat(plan.ranges()).containsExactly(QueryRange.partition("customer42"));
  }

  @Test
  void prefixIdiom_isAPartitionKeyRange() {
    QueryPlan plan =
        plan("PartitionKey ge 'Vegetable' and PartitionKey lt 'Vegetablf' and Color eq 'Green'");
    assertThat(plan.description()).isEqualTo("partition-range");
    assertThat(plan.ranges())
        .containsExactly(
            new QueryRange(RangeBound.startOf("Vegetable"), RangeBound.startOf("Vegetablf")));
  }

  @Test
  void exclusiveAndInclusivePartitionBounds() {
    assertThat(plan("PartitionKey gt 'a' and PartitionKey le 'c'").ranges())
        .containsExactly(new QueryRange(RangeBound.endOf("a"), RangeBound.endOf("c")));
    assertThat(plan("PartitionKey ge '0638'").ranges())
        .containsExactly(new QueryRange(RangeBound.startOf("0638"), null));
    assertThat(plan("PartitionKey lt 'm'").ranges())
        .containsExactly(new QueryRange(null, RangeBound.startOf("m")));
  }

  @Test
  void rowKeyRangeInsideAPartition_isARowRange() {
    QueryPlan plan =
        plan("PartitionKey eq 'lerman_julie' and RowKey ge 'address_' and RowKey lt 'address`'");
    assertThat(plan.description()).isEqualTo("row-range");
    assertThat(plan.ranges())
        .containsExactly(range("lerman_julie", "address_", "lerman_julie", "address`"));
    assertThat(plan("PartitionKey eq 'p' and RowKey gt 'r'").ranges())
        .containsExactly(
            new QueryRange(RangeBound.at(new EntityKey("p", "r\u0000")), RangeBound.endOf("p")));
  }

  @Test
  void rowKeyAlone_scans() {
    assertThat(plan("RowKey eq 'r'").description()).isEqualTo("scan");
  }

  @Test
  void rowKeyRangeAcrossAPartitionRange_readsThePartitionRange() {
    QueryPlan plan = plan("PartitionKey ge 'a' and PartitionKey lt 'b' and RowKey eq 'r'");
    assertThat(plan.ranges())
        .containsExactly(new QueryRange(RangeBound.startOf("a"), RangeBound.startOf("b")));
  }

  @Test
  void orOfPoints_isAnOrderedUnion() {
    QueryPlan plan =
        plan(
            "(PartitionKey eq 'b' and RowKey eq '2') or (PartitionKey eq 'a' and RowKey eq '1')"
                + " or PartitionKey eq 'c'");
    assertThat(plan.description()).isEqualTo("union(3)");
    assertThat(plan.ranges())
        .containsExactly(
            range("a", "1", "a", "1\u0000"),
            range("b", "2", "b", "2\u0000"),
            QueryRange.partition("c"));
  }

  @Test
  void overlappingAlternatives_areMerged() {
    QueryPlan plan =
        plan(
            "PartitionKey eq 'b' or (PartitionKey ge 'a' and PartitionKey le 'c')"
                + " or (PartitionKey eq 'c' and RowKey eq 'x')");
    assertThat(plan.ranges())
        .containsExactly(new QueryRange(RangeBound.startOf("a"), RangeBound.endOf("c")));
    assertThat(plan.description()).isEqualTo("partition-range");
  }

  @Test
  void touchingRanges_areMerged() {
    QueryPlan plan =
        plan(
            "(PartitionKey ge 'a' and PartitionKey lt 'b') or (PartitionKey ge 'b' and PartitionKey lt 'c')");
    assertThat(plan.ranges())
        .containsExactly(new QueryRange(RangeBound.startOf("a"), RangeBound.startOf("c")));
  }

  @Test
  void orWithANonKeyCondition_scans() {
    assertThat(plan("PartitionKey eq 'a' or Price gt 5").description()).isEqualTo("scan");
  }

  @Test
  void contradiction_readsNothing() {
    QueryPlan plan = plan("PartitionKey eq 'a' and PartitionKey eq 'b'");
    assertThat(plan.ranges()).isEmpty();
    assertThat(plan.description()).isEqualTo("empty");
    assertThat(plan("PartitionKey eq 5").ranges()).isEmpty();
    assertThat(plan("RowKey ge 5L").ranges()).isEmpty();
    assertThat(plan("PartitionKey gt datetime'2020-01-01T00:00:00Z'").ranges()).isEmpty();
    assertThat(plan("false").ranges()).isEmpty();
    assertThat(plan("PartitionKey gt 'a' and PartitionKey lt 'a\u0000'").ranges()).isEmpty();
  }

  @Test
  void exactKeyPlans_checkNothingAgain_andOthersKeepTheFilter() {
    assertThat(plan("PartitionKey eq 'p'").rowResidual()).isSameAs(RowResidual.ALL);
    assertThat(plan("PartitionKey eq 'p' and RowKey ge 'a' and RowKey lt 'b'").rowResidual())
        .isSameAs(RowResidual.ALL);
    assertThat(plan("PartitionKey ge 'a' and PartitionKey lt 'b'").rowResidual())
        .isSameAs(RowResidual.ALL);
    assertThat(plan("PartitionKey eq 'p' and Price gt 5").rowResidual())
        .isNotSameAs(RowResidual.ALL);
    // A RowKey bound across partitions is read as the whole partitions.
    assertThat(plan("PartitionKey ge 'a' and RowKey lt 'b'").rowResidual())
        .isNotSameAs(RowResidual.ALL);
    // A key against a number holds for every key or none (CloudStub's comparison data: a string
    // property is ne, lt and le any constant of another type), so the plan is exact either way.
    assertThat(plan("not (PartitionKey eq 5)").rowResidual()).isSameAs(RowResidual.ALL);
    assertThat(plan("PartitionKey lt 5").rowResidual()).isSameAs(RowResidual.ALL);
  }

  @Test
  void aSpaceWidenedPastItsBoxLimit_keepsTheFilter() {
    // 4 x 4 x 4 x 3 boxes: widened to every key once past KeySpace.MAX_BOXES.
    QueryPlan plan =
        plan(
            "(PartitionKey ge 'a' or PartitionKey ge 'b' or PartitionKey ge 'c' or PartitionKey ge 'd')"
                + " and (PartitionKey le 'w' or PartitionKey le 'x' or PartitionKey le 'y' or PartitionKey le 'z')"
                + " and (RowKey ge 'a' or RowKey ge 'b' or RowKey ge 'c' or RowKey ge 'd')"
                + " and (RowKey le 'w' or RowKey le 'x' or RowKey le 'y')");

    assertThat(plan.ranges()).containsExactly(QueryRange.ALL);
    assertThat(plan.residual().test(new Entity("b", "zz", null, Map.of()))).isFalse();
    assertThat(plan.residual().test(new Entity("b", "m", null, Map.of()))).isTrue();
  }

  @Test
  void notEqual_isTwoRanges() {
    QueryPlan plan = plan("PartitionKey ne 'm'");
    assertThat(plan.ranges())
        .containsExactly(
            new QueryRange(null, RangeBound.startOf("m")),
            new QueryRange(RangeBound.endOf("m"), null));
  }

  @Test
  void notIsPushedDownToKeyComparisons() {
    assertThat(plan("not (PartitionKey lt 'Part2')").ranges())
        .containsExactly(new QueryRange(RangeBound.startOf("Part2"), null));
    assertThat(plan("not (PartitionKey ne 'p')").description()).isEqualTo("partition");
    assertThat(plan("not (PartitionKey eq 5)").description()).isEqualTo("scan");
    assertThat(plan("not (PartitionKey lt 5)").ranges()).isEmpty();
    assertThat(plan("PartitionKey eq 'p' and RowKey ne 5").description()).isEqualTo("partition");
    assertThat(plan("not (Price gt 5 or PartitionKey ne 'p')").description())
        .isEqualTo("partition");
    assertThat(plan("not (PartitionKey eq 'p' and Price gt 5)").description()).isEqualTo("scan");
  }

  @Test
  void residual_isTheWholeFilter() {
    QueryPlan plan = plan("PartitionKey eq 'p' and Price gt 5");
    assertThat(plan.residual().test(dev.tabula.model.Entity.unsaved("p", "r", java.util.Map.of())))
        .isFalse();
  }

  @Test
  void rangesFrom_dropsRangesBeforeTheKeyAndStartsTheCurrentOneAtIt() {
    QueryPlan plan = plan("PartitionKey eq 'a' or PartitionKey eq 'c' or PartitionKey eq 'e'");
    EntityKey inC = new EntityKey("c", "r5");
    List<QueryRange> rest = plan.rangesFrom(inC);
    assertThat(rest)
        .containsExactly(
            new QueryRange(RangeBound.at(inC), RangeBound.endOf("c")), QueryRange.partition("e"));
    assertThat(plan.rangesFrom(new EntityKey("d", ""))).containsExactly(QueryRange.partition("e"));
    assertThat(plan.rangesFrom(new EntityKey("f", ""))).isEmpty();
    assertThat(plan.rangesFrom(null)).hasSize(3);
  }

  @Test
  void firstKeyOf_isWhereARangeStarts() {
    assertThat(QueryPlan.firstKeyOf(QueryRange.partition("c"))).isEqualTo(new EntityKey("c", ""));
    assertThat(QueryPlan.firstKeyOf(new QueryRange(RangeBound.endOf("c"), null)))
        .isEqualTo(new EntityKey("c\u0000", ""));
    assertThat(QueryPlan.firstKeyOf(QueryRange.ALL)).isEqualTo(new EntityKey("", ""));
  }
}
