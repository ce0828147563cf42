package dev.tabula.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.query.FilterEvaluator;
import dev.tabula.query.FilterParser;
import dev.tabula.query.QueryPlan;
import dev.tabula.query.QueryPlanner;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class EntityQueryTest {
  private static final long FAR = Long.MAX_VALUE / 4;

  private final SortedMapEntityStore store = new SortedMapEntityStore();
  private final QueryCounters counters = new QueryCounters();
  private final EntityQuery query = new EntityQuery(store, counters, Long.MAX_VALUE);

  @BeforeEach
  void fill() {
    for (String pk : List.of("a", "b", "c", "d")) {
      for (int i = 0; i < 10; i++) {
        store.put(pk, "r" + i, i >= 8);
      }
    }
  }

  private EntityPage first(String filter, int limit) {
    return query.page(
        1, QueryPlanner.plan(FilterParser.parse(filter)), null, limit, System.nanoTime() + FAR);
  }

  @Test
  void pointQuery_scansOneEntity() {
    EntityPage page = first("PartitionKey eq 'b' and RowKey eq 'r3'", 1000);
    assertThat(page.entities()).extracting(Entity::key).containsExactly(new EntityKey("b", "r3"));
    assertThat(page.scanned()).isEqualTo(1);
    assertThat(page.plan()).isEqualTo("point");
    assertThat(page.next()).isNull();
  }

  @Test
  void partitionQuery_scansOnlyItsPartition() {
    EntityPage page = first("PartitionKey eq 'c' and not Flag", 1000);
    assertThat(page.entities()).hasSize(8);
    assertThat(page.scanned()).isEqualTo(10);
    assertThat(page.plan()).isEqualTo("partition");
  }

  @Test
  void rowKeyNotEqual_skipsThatRow() {
    EntityPage page = first("PartitionKey eq 'c' and RowKey ne 'r0'", 1000);
    assertThat(page.entities()).hasSize(9);
    assertThat(page.scanned()).isEqualTo(9);
    assertThat(page.plan()).isEqualTo("union(2)");
  }

  @Test
  void fullScan_scansEverything() {
    EntityPage page = first("RowKey eq 'r1'", 1000);
    assertThat(page.entities()).hasSize(4);
    assertThat(page.scanned()).isEqualTo(40);
    assertThat(page.plan()).isEqualTo("scan");
  }

  @Test
  void pageFullAtTheEndOfARange_continuesAtTheNextRange() {
    EntityPage page = first("PartitionKey eq 'a' or PartitionKey eq 'c'", 10);
    assertThat(page.entities()).hasSize(10);
    assertThat(page.next()).isEqualTo(new EntityKey("c", ""));
    assertThat(page.scanned()).isEqualTo(10);
  }

  @Test
  void continuation_resumesWithoutRereadingSkippedEntities() {
    QueryPlan plan =
        QueryPlanner.plan(
            FilterParser.parse("(PartitionKey eq 'b' or PartitionKey eq 'd') and Flag"));
    List<Entity> all = new ArrayList<>();
    long scanned = 0;
    EntityKey next = null;
    int pages = 0;
    do {
      EntityPage page = query.page(1, plan, next, 1, System.nanoTime() + FAR);
      all.addAll(page.entities());
      scanned += page.scanned();
      next = page.next();
      pages++;
    } while (next != null && pages < 100);
    assertThat(all)
        .extracting(Entity::key)
        .containsExactly(
            new EntityKey("b", "r8"),
            new EntityKey("b", "r9"),
            new EntityKey("d", "r8"),
            new EntityKey("d", "r9"));
    assertThat(scanned).isEqualTo(20); // each of the two partitions read once
  }

  @Test
  void everyLimit_returnsEveryMatchExactlyOnceInOrder() {
    String filter =
        "(PartitionKey ge 'b' and PartitionKey lt 'd' and RowKey lt 'r5') or (PartitionKey eq 'd' and RowKey eq 'r9')"
            + " or (PartitionKey eq 'a' and RowKey gt 'r7')";
    QueryPlan plan = QueryPlanner.plan(FilterParser.parse(filter));
    List<Entity> expected =
        store.rows.values().stream().filter(FilterEvaluator.predicate(plan.filter())).toList();
    for (int limit = 1; limit <= 13; limit++) {
      List<Entity> all = new ArrayList<>();
      EntityKey next = null;
      do {
        EntityPage page = query.page(1, plan, next, limit, System.nanoTime() + FAR);
        assertThat(page.entities()).hasSizeLessThanOrEqualTo(limit);
        all.addAll(page.entities());
        next = page.next();
      } while (next != null);
      assertThat(all).as("limit %d", limit).containsExactlyElementsOf(expected);
    }
  }

  @Test
  void byteBound_endsPagesEarlyAndStillReturnsEveryMatchOnceInOrder() {
    long oneEntity = dev.tabula.model.EntityRules.size(store.rows.values().iterator().next());
    // Two and a half entities' worth: a page ends once it holds three (checked before the next).
    EntityQuery bounded = new EntityQuery(store, counters, oneEntity * 5 / 2);
    QueryPlan plan =
        QueryPlanner.plan(FilterParser.parse("PartitionKey eq 'a' or PartitionKey eq 'c'"));
    List<Entity> all = new ArrayList<>();
    EntityKey next = null;
    int pages = 0;
    do {
      EntityPage page = bounded.page(1, plan, next, 1000, System.nanoTime() + FAR);
      assertThat(page.entities()).hasSizeBetween(1, 3);
      all.addAll(page.entities());
      next = page.next();
      pages++;
    } while (next != null && pages < 100);
    assertThat(all).hasSize(20);
    assertThat(all).extracting(Entity::key).isSorted();
    assertThat(pages).isEqualTo(7);
  }

  @Test
  void expiredBudget_givesAnEmptyPageWithAContinuation() {
    EntityPage page = query.page(1, QueryPlanner.plan(null), null, 1000, System.nanoTime() - 1);
    assertThat(page.entities()).isEmpty();
    assertThat(page.next()).isEqualTo(new EntityKey("", ""));
  }

  @Test
  void contradiction_readsNothing() {
    EntityPage page = first("PartitionKey eq 'a' and PartitionKey eq 'b'", 1000);
    assertThat(page.entities()).isEmpty();
    assertThat(page.scanned()).isZero();
    assertThat(page.next()).isNull();
  }

  @Test
  void counters_addUpScannedAndReturnedPerPlan() {
    first("PartitionKey eq 'b' and RowKey eq 'r3'", 1000);
    first("RowKey eq 'r1'", 1000);
    assertThat(counters.pages()).isEqualTo(2);
    assertThat(counters.scanned()).isEqualTo(41);
    assertThat(counters.returned()).isEqualTo(5);
    assertThat(counters.scanned("point")).isEqualTo(1);
    assertThat(counters.returned("scan")).isEqualTo(4);
  }
}
