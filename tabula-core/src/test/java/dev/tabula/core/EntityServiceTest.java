package dev.tabula.core;

import static dev.tabula.core.Refusals.assertRefused;
import static dev.tabula.core.ServicesOnMemoryEngine.ACCOUNT;
import static dev.tabula.core.ServicesOnMemoryEngine.entity;
import static dev.tabula.core.ServicesOnMemoryEngine.int32;
import static dev.tabula.core.ServicesOnMemoryEngine.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.model.TableErrorCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link EntityService}'s point operations over the in-memory engine: insert, get, the replace and
 * merge flavours with and without If-Match, and delete. Queries: {@link EntityServiceQueryTest}.
 */
class EntityServiceTest {
  private static final EntityKey KEY = new EntityKey("p", "r");

  private final ServicesOnMemoryEngine services = new ServicesOnMemoryEngine();
  private final EntityService entities = services.entities;
  private final String table = services.newTable("things");

  @AfterEach
  void close() {
    services.close();
  }

  private Entity insert(Entity entity) {
    return entities.insert(ACCOUNT, table, entity).join();
  }

  private Entity stored() {
    return entities.get(ACCOUNT, table, KEY);
  }

  @Test
  void insert_storesTheEntity_andAnswersItWithItsCommitTimestamp() {
    Entity inserted = insert(entity("p", "r", "name", text("one"), "n", int32(1)));

    assertThat(inserted.timestamp()).isNotNull();
    assertThat(stored()).isEqualTo(inserted);
    assertThat(stored().properties())
        .containsExactly(entry("name", text("one")), entry("n", int32(1)));
  }

  @Test
  void insert_ofATakenKey_isRefusedWithEntityAlreadyExists_andKeepsTheStoredEntity() {
    Entity first = insert(entity("p", "r", "v", int32(1)));

    assertRefused(
        TableErrorCode.ENTITY_ALREADY_EXISTS,
        () -> entities.insert(ACCOUNT, table, entity("p", "r", "v", int32(2))).join());
    assertThat(stored()).isEqualTo(first);
  }

  @Test
  void insert_intoAMissingTable_isRefusedWithTableNotFound() {
    assertRefused(
        TableErrorCode.TABLE_NOT_FOUND,
        () -> entities.insert(ACCOUNT, "absent", entity("p", "r")).join());
  }

  @Test
  void insert_withAKeyHoldingASlash_isRefusedWithOutOfRangeInput() {
    assertRefused(
        TableErrorCode.OUT_OF_RANGE_INPUT,
        () -> entities.insert(ACCOUNT, table, entity("p/q", "r")).join());
  }

  @Test
  void get_ofAMissingEntity_isRefusedWithResourceNotFound() {
    assertRefused(TableErrorCode.RESOURCE_NOT_FOUND, this::stored);
  }

  @Test
  void replace_withoutIfMatch_insertsThenReplacesEveryProperty() {
    entities.replace(ACCOUNT, table, entity("p", "r", "a", int32(1), "b", int32(2)), null).join();
    Entity replaced =
        entities.replace(ACCOUNT, table, entity("p", "r", "b", int32(3)), null).join();

    assertThat(stored()).isEqualTo(replaced);
    assertThat(stored().properties()).containsExactly(entry("b", int32(3)));
  }

  @Test
  void replace_withTheCurrentETag_replaces_andMovesTheETagOn() {
    Entity first = insert(entity("p", "r", "v", int32(1)));

    Entity second =
        entities
            .replace(
                ACCOUNT, table, entity("p", "r", "v", int32(2)), new IfMatch.Exact(first.etag()))
            .join();

    assertThat(second.etag()).isNotEqualTo(first.etag());
    assertThat(stored().properties()).containsExactly(entry("v", int32(2)));
  }

  @Test
  void replace_withAStaleETag_isRefusedWithUpdateConditionNotSatisfied_andChangesNothing() {
    Entity first = insert(entity("p", "r", "v", int32(1)));
    Entity second =
        entities.replace(ACCOUNT, table, entity("p", "r", "v", int32(2)), IfMatch.ANY).join();

    assertRefused(
        TableErrorCode.UPDATE_CONDITION_NOT_SATISFIED,
        () ->
            entities
                .replace(
                    ACCOUNT,
                    table,
                    entity("p", "r", "v", int32(3)),
                    new IfMatch.Exact(first.etag()))
                .join());
    assertThat(stored()).isEqualTo(second);
  }

  @Test
  void replace_withIfMatchOfAMissingEntity_isRefusedWithResourceNotFound() {
    assertRefused(
        TableErrorCode.RESOURCE_NOT_FOUND,
        () -> entities.replace(ACCOUNT, table, entity("p", "r"), IfMatch.ANY).join());
  }

  @Test
  void replace_withAnETagThisServiceNeverIssued_isRefusedAsStale() {
    insert(entity("p", "r"));

    assertRefused(
        TableErrorCode.UPDATE_CONDITION_NOT_SATISFIED,
        () -> entities.replace(ACCOUNT, table, entity("p", "r"), IfMatch.UNMATCHABLE).join());
  }

  @Test
  void merge_overwritesTheNamedProperties_andKeepsTheOthers() {
    insert(entity("p", "r", "a", int32(1), "b", int32(2)));

    entities
        .merge(ACCOUNT, table, entity("p", "r", "b", int32(3), "c", int32(4)), IfMatch.ANY)
        .join();

    assertThat(stored().properties())
        .containsOnly(entry("a", int32(1)), entry("b", int32(3)), entry("c", int32(4)));
  }

  @Test
  void merge_withoutIfMatch_insertsAMissingEntity() {
    Entity merged = entities.merge(ACCOUNT, table, entity("p", "r", "a", int32(1)), null).join();

    assertThat(stored()).isEqualTo(merged);
  }

  @Test
  void merge_withAStaleETag_isRefusedWithUpdateConditionNotSatisfied() {
    Entity first = insert(entity("p", "r", "a", int32(1)));
    entities.merge(ACCOUNT, table, entity("p", "r", "a", int32(2)), IfMatch.ANY).join();

    assertRefused(
        TableErrorCode.UPDATE_CONDITION_NOT_SATISFIED,
        () ->
            entities
                .merge(ACCOUNT, table, entity("p", "r"), new IfMatch.Exact(first.etag()))
                .join());
  }

  @Test
  void delete_withTheCurrentETag_removesTheEntity() {
    Entity inserted = insert(entity("p", "r"));

    entities.delete(ACCOUNT, table, KEY, new IfMatch.Exact(inserted.etag())).join();

    assertRefused(TableErrorCode.RESOURCE_NOT_FOUND, this::stored);
  }

  @Test
  void delete_withAStaleETag_isRefusedWithUpdateConditionNotSatisfied_andKeepsTheEntity() {
    Entity first = insert(entity("p", "r", "v", int32(1)));
    Entity second =
        entities.replace(ACCOUNT, table, entity("p", "r", "v", int32(2)), IfMatch.ANY).join();

    assertRefused(
        TableErrorCode.UPDATE_CONDITION_NOT_SATISFIED,
        () -> entities.delete(ACCOUNT, table, KEY, new IfMatch.Exact(first.etag())).join());
    assertThat(stored()).isEqualTo(second);
  }

  @Test
  void delete_ofAMissingEntity_isRefusedWithResourceNotFound() {
    assertRefused(
        TableErrorCode.RESOURCE_NOT_FOUND,
        () -> entities.delete(ACCOUNT, table, KEY, IfMatch.ANY).join());
  }
}
