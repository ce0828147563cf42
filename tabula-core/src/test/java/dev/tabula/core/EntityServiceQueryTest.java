package dev.tabula.core;

import static dev.tabula.core.Refusals.assertRefused;
import static dev.tabula.core.ServicesOnMemoryEngine.ACCOUNT;
import static dev.tabula.core.ServicesOnMemoryEngine.entity;
import static dev.tabula.core.ServicesOnMemoryEngine.int32;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.model.TableErrorCode;
import dev.tabula.query.Filter;
import dev.tabula.query.FilterParser;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link EntityService}'s Query Entities over the in-memory engine with pages of 3: key order,
 * continuations that visit every entity once, {@code $top} and {@code $filter}.
 */
class EntityServiceQueryTest {
  private static final int PAGE_SIZE = 3;

  private final ServicesOnMemoryEngine services = new ServicesOnMemoryEngine(PAGE_SIZE);
  private final EntityService entities = services.entities;
  private final String table = services.newTable("rows");
  private final List<EntityKey> inKeyOrder = new ArrayList<>();

  /** Partitions a, b and c of 3 rows each, inserted out of order; n is the row's number. */
  @BeforeEach
  void fill() {
    for (String partition : List.of("c", "a", "b")) {
      for (int n : List.of(2, 0, 1)) {
        entities.insert(ACCOUNT, table, entity(partition, "r" + n, "n", int32(n))).join();
      }
    }
    for (String partition : List.of("a", "b", "c")) {
      for (int n = 0; n < 3; n++) {
        inKeyOrder.add(new EntityKey(partition, "r" + n));
      }
    }
  }

  @AfterEach
  void close() {
    services.close();
  }

  /** Follows the continuations to the end; asserts no page exceeds {@code pageLimit}. */
  private List<EntityKey> everyPage(Filter filter, Integer top, int pageLimit) {
    List<EntityKey> seen = new ArrayList<>();
    EntityKey from = null;
    do {
      EntityPage page = entities.query(ACCOUNT, table, filter, from, top);
      assertThat(page.entities()).hasSizeLessThanOrEqualTo(pageLimit);
      page.entities().stream().map(Entity::key).forEach(seen::add);
      from = page.next();
    } while (from != null);
    return seen;
  }

  @Test
  void query_pagesAtThePageSize_inKeyOrder_andTheContinuationsVisitEveryEntityOnce() {
    EntityPage first = entities.query(ACCOUNT, table, null, null);

    assertThat(first.entities())
        .extracting(Entity::key)
        .containsExactlyElementsOf(inKeyOrder.subList(0, 3));
    assertThat(first.next()).isNotNull();
    assertThat(everyPage(null, null, PAGE_SIZE)).containsExactlyElementsOf(inKeyOrder);
  }

  @Test
  void query_withTop_returnsAtMostTopPerPage() {
    assertThat(everyPage(null, 2, 2)).containsExactlyElementsOf(inKeyOrder);
  }

  @Test
  void query_withTopAboveThePageSize_isHeldToThePageSize() {
    assertThat(entities.query(ACCOUNT, table, null, 500).entities()).hasSize(PAGE_SIZE);
  }

  @Test
  void query_withTopZero_isALastPageWithoutEntities() {
    EntityPage page = entities.query(ACCOUNT, table, null, 0);

    assertThat(page.entities()).isEmpty();
    assertThat(page.next()).isNull();
  }

  @Test
  void query_withAFilter_returnsTheMatchingEntitiesInKeyOrderAcrossPages() {
    Filter filter = FilterParser.parse("n ge 1 and PartitionKey ne 'b'");

    assertThat(everyPage(filter, null, PAGE_SIZE))
        .containsExactly(
            new EntityKey("a", "r1"),
            new EntityKey("a", "r2"),
            new EntityKey("c", "r1"),
            new EntityKey("c", "r2"));
  }

  @Test
  void query_ofOnePartition_readsOnlyThatPartition() {
    EntityPage page =
        entities.query(ACCOUNT, table, FilterParser.parse("PartitionKey eq 'b'"), null, null);

    assertThat(page.entities()).extracting(Entity::partitionKey).containsOnly("b").hasSize(3);
    assertThat(page.scanned()).isEqualTo(3);
  }

  @Test
  void query_ofAMissingTable_isRefusedWithTableNotFound() {
    assertRefused(
        TableErrorCode.TABLE_NOT_FOUND, () -> entities.query(ACCOUNT, "absent", null, null));
  }
}
