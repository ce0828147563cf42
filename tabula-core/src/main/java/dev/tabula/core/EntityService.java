package dev.tabula.core;

import dev.tabula.core.storage.StorageErrors;
import dev.tabula.core.storage.TranslatingEntityStore;
import dev.tabula.core.ttl.ExpiresAt;
import dev.tabula.core.ttl.ExpiryWrites;
import dev.tabula.core.ttl.LiveRows;
import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.RowFilter;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.model.Attempt;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.model.EntityRules;
import dev.tabula.model.Limits;
import dev.tabula.model.TableErrorCode;
import dev.tabula.query.Filter;
import dev.tabula.query.QueryPlan;
import dev.tabula.query.QueryPlanner;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * The service's entity operations over an engine: insert, the four update flavours, delete, point
 * reads and paged queries, with the service's preconditions, limits and errors. Thread-safe.
 */
public final class EntityService {
  /** A query page runs for at most five seconds, then returns what it has with a continuation. */
  static final Duration PAGE_TIME_BUDGET = Duration.ofSeconds(5);

  /**
   * A query page also ends once its entities reach 2 MiB by the service's size accounting or an
   * engine's measure close to it (see ScanRequest#maxBytes; about 1 MiB of JSON for text; a page of
   * 1,000 entities of 1 KiB of JSON still fits), so a page of 1,000 large entities (up to 1 GiB) is
   * never built whole in memory: the page is complete, with its continuation, before its status is
   * sent, and a client follows the continuation as it does after the 5-second budget. Design note
   * (issue 18): this bound was chosen over streaming a 1,000-entity page with chunked encoding
   * because the continuation headers are only known once the page is read, and because a body cut
   * short by a failure midway would reach the client after a 200; a bounded page needs neither a
   * second pass nor a way to report a late failure. 2 MiB rather than more: the page's JSON then
   * fits the pooled output buffers (see ReusableOutput), and bench/big-pages.sh measured 8 readers
   * of 0.5 MiB entities at 1.3-1.9 GiB of resident memory with default JVM flags, against 3.1 GiB
   * with 4 MiB pages and 5.1 GiB with 8 MiB (docs/robustness.md).
   */
  static final long PAGE_BYTES = 2L * 1024 * 1024;

  private final TableService tables;
  private final EntityStore store;
  private final int pageSize;
  private final QueryCounters queryCounters = new QueryCounters();
  private final EntityQuery query;
  private final IndexQuery indexQuery;
  private final EntityCount count;
  private final OverlappedPointRead pointRead;

  /**
   * @param pageSize the most entities per page: the service's 1,000, smaller only in tests
   */
  public EntityService(TableService tables, EntityStore store, int pageSize) {
    this.tables = tables;
    this.store = TranslatingEntityStore.of(store);
    this.pageSize = pageSize;
    this.query = new EntityQuery(this.store, queryCounters, PAGE_BYTES);
    this.indexQuery = new IndexQuery(this.store, queryCounters, PAGE_BYTES);
    this.count = new EntityCount(this.store, Limits.MAX_PAGE_SIZE, PAGE_BYTES);
    this.pointRead = new OverlappedPointRead(tables, this.store);
  }

  // The writes return at once with a stage that completes once the engine has committed (and, when
  // it is durable on ack, stored) the write. What can be checked without the engine (the entity's
  // shape, the table's existence) is thrown before anything is queued; the engine's verdict
  // (409, 412, 404 of a table deleted meanwhile) completes the stage exceptionally. Their try forms
  // do the same without waiting, or say they would wait before anything is queued (see
  // NonBlockingCalls).

  /** Insert Entity: 409 EntityAlreadyExists when the key is taken. */
  public CompletableFuture<Entity> insert(String account, String table, Entity entity) {
    EntityRules.checkEntity(entity);
    return writeOne(account, table, entity, Write.Kind.PUT, Precondition.MUST_NOT_EXIST);
  }

  /** {@link #insert} without waiting. */
  public Attempt<CompletableFuture<Entity>> tryInsert(String account, String table, Entity entity) {
    EntityRules.checkEntity(entity);
    return tryWriteOne(account, table, entity, Write.Kind.PUT, Precondition.MUST_NOT_EXIST);
  }

  /**
   * Update Entity (replace) with an {@code If-Match}, or Insert Or Replace Entity when {@code
   * ifMatch} is null.
   */
  public CompletableFuture<Entity> replace(
      String account, String table, Entity entity, @Nullable IfMatch ifMatch) {
    checkAddressed(entity, ifMatch);
    return writeOne(account, table, entity, Write.Kind.PUT, preconditionOf(ifMatch));
  }

  /** {@link #replace} without waiting. */
  public Attempt<CompletableFuture<Entity>> tryReplace(
      String account, String table, Entity entity, @Nullable IfMatch ifMatch) {
    checkAddressed(entity, ifMatch);
    return tryWriteOne(account, table, entity, Write.Kind.PUT, preconditionOf(ifMatch));
  }

  /**
   * Merge Entity with an {@code If-Match}, or Insert Or Merge Entity when {@code ifMatch} is null.
   */
  public CompletableFuture<Entity> merge(
      String account, String table, Entity entity, @Nullable IfMatch ifMatch) {
    checkAddressed(entity, ifMatch);
    return writeOne(account, table, entity, Write.Kind.MERGE, preconditionOf(ifMatch));
  }

  /** {@link #merge} without waiting. */
  public Attempt<CompletableFuture<Entity>> tryMerge(
      String account, String table, Entity entity, @Nullable IfMatch ifMatch) {
    checkAddressed(entity, ifMatch);
    return tryWriteOne(account, table, entity, Write.Kind.MERGE, preconditionOf(ifMatch));
  }

  /** Delete Entity; the service requires an {@code If-Match}. */
  public CompletableFuture<Void> delete(
      String account, String table, EntityKey key, IfMatch ifMatch) {
    checkDeleted(key);
    TableInfo info = tables.table(account, table);
    return store
        .applyAsync(info, key.partitionKey(), List.of(deletion(key, ifMatch)))
        .thenApply(EntityService::deleted);
  }

  /** {@link #delete} without waiting. */
  public Attempt<CompletableFuture<Void>> tryDelete(
      String account, String table, EntityKey key, IfMatch ifMatch) {
    checkDeleted(key);
    return tables
        .tryTable(account, table)
        .then(
            info -> store.tryApplyAsync(info, key.partitionKey(), List.of(deletion(key, ifMatch))))
        .map(stage -> stage.thenApply(EntityService::deleted));
  }

  /** Get Entity: 404 ResourceNotFound when there is no such entity. */
  public Entity get(String account, String table, EntityKey key) {
    TableInfo info = tables.table(account, table);
    return visible(store.read(info.id(), key));
  }

  /**
   * {@link #get} as a stage: the engine's lookup and read may wait without holding this thread
   * ({@link EntityStore#readAsync}); over an engine that reads on the caller's thread, the stage is
   * complete when returned. Its failures are the service's errors, as {@link #get} throws them.
   * When the lookup waits, the read of the table's remembered id overlaps it ({@link
   * OverlappedPointRead}).
   */
  public CompletableFuture<Entity> getAsync(String account, String table, EntityKey key) {
    return pointRead.read(account, table, key).thenApply(EntityService::visible);
  }

  /** {@link #get} without waiting: would-wait unless the engine holds the table and the entity. */
  public Attempt<Entity> tryGet(String account, String table, EntityKey key) {
    return tables
        .tryTable(account, table)
        .then(info -> store.tryRead(info.id(), key))
        .map(EntityService::visible);
  }

  /** A point read's answer: an expired entity is not found (see {@link LiveRows}). */
  private static Entity visible(Optional<Entity> found) {
    return found
        .filter(entity -> LiveRows.isLive(entity, Instant.now()))
        .map(ExpiresAt::shown)
        .orElseThrow(TableErrorCode.RESOURCE_NOT_FOUND::exception);
  }

  /**
   * One page of Query Entities over the whole table in key order.
   *
   * @param from the continuation of the previous page, or null for the first page
   * @param top the most entities in this page (0..1000), or null for the page size
   */
  public EntityPage query(
      String account, String table, @Nullable EntityKey from, @Nullable Integer top) {
    return query(account, table, null, from, top);
  }

  /**
   * One page of Query Entities with a {@code $filter}, run as planned by {@link QueryPlanner} (see
   * {@link EntityQuery}).
   *
   * @param filter the parsed filter, or null for every entity
   * @param from the continuation of the previous page, or null for the first page
   * @param top the most entities in this page (0..1000), or null for the page size; 0 is a last
   *     page with no entities (a real account answers {@code $top=0} with none, CloudStub
   *     TableClientQueryTests.Query_WhenUsingZeroTakeCount_ReturnsNoEntities; with a continuation
   *     the SDK, which pages on while there is one, would never finish)
   */
  public EntityPage query(
      String account,
      String table,
      @Nullable Filter filter,
      @Nullable EntityKey from,
      @Nullable Integer top) {
    TableInfo info = tables.table(account, table);
    if (top != null && top == 0) {
      return new EntityPage(List.of(), null, 0, "empty", null); // nothing is read: the empty plan
    }
    int limit = top == null ? pageSize : Math.min(top, pageSize);
    long deadline = System.nanoTime() + PAGE_TIME_BUDGET.toNanos();
    QueryPlan plan = QueryPlanner.plan(filter);
    RowFilter residual = residual(info, plan);
    IndexQuery.Outcome indexed =
        indexQuery.page(info, filter, plan, residual, from, limit, deadline);
    if (indexed.page() != null) {
      return shown(indexed.page());
    }
    EntityPage page = query.page(info.id(), plan, residual, from, limit, deadline);
    return shown(indexed.declined() == null ? page : page.withPlan(indexed.declined()));
  }

  /** The page as a client sees it; the same page when no entity has an expiry to show. */
  private static EntityPage shown(EntityPage page) {
    List<Entity> stored = page.entities();
    @Nullable List<Entity> shown = null;
    for (int i = 0; i < stored.size(); i++) {
      Entity entity = ExpiresAt.shown(stored.get(i));
      if (shown == null && entity != stored.get(i)) {
        shown = new ArrayList<>(stored.subList(0, i));
      }
      if (shown != null) {
        shown.add(entity);
      }
    }
    return shown == null ? page : page.withEntities(shown);
  }

  /**
   * Counts the entities a filter matches, from a continuation, for at most the page time budget
   * (Tabula's {@code count} extension; see {@link EntityCount}): no entity limit applies, since
   * none is sent. The stretch's {@link EntityCountPage#next()} continues it.
   *
   * @param filter the parsed filter, or null for every entity
   * @param from the continuation of the previous stretch, or null to start
   */
  public EntityCountPage count(
      String account, String table, @Nullable Filter filter, @Nullable EntityKey from) {
    TableInfo info = tables.table(account, table);
    long deadline = System.nanoTime() + PAGE_TIME_BUDGET.toNanos();
    QueryPlan plan = QueryPlanner.plan(filter);
    return count.count(info.id(), plan, residual(info, plan), from, deadline);
  }

  /**
   * The filter the engine runs for a query or a count: the plan's residual, keeping only live
   * entities (the one place reads hide expired ones; see {@link LiveRows}).
   */
  private static RowFilter residual(TableInfo info, QueryPlan plan) {
    return LiveRows.of(
        ScanTranslation.rowFilter(plan.rowResidual()),
        Instant.now(),
        ExpiryWrites.of(info).enabled());
  }

  /** Entities scanned versus returned by this service's queries. */
  public QueryStats queryStats() {
    return queryCounters;
  }

  private CompletableFuture<Entity> writeOne(
      String account, String table, Entity entity, Write.Kind kind, Precondition precondition) {
    TableInfo info = tables.table(account, table);
    Write write = stored(info, kind, entity, precondition);
    return store
        .applyAsync(info, entity.partitionKey(), List.of(write))
        .thenApply(EntityService::stored);
  }

  private Attempt<CompletableFuture<Entity>> tryWriteOne(
      String account, String table, Entity entity, Write.Kind kind, Precondition precondition) {
    return tables
        .tryTable(account, table)
        .then(
            info ->
                store.tryApplyAsync(
                    info, entity.partitionKey(), List.of(stored(info, kind, entity, precondition))))
        .map(stage -> stage.thenApply(EntityService::stored));
  }

  /** The engine write of a client's entity, its expiry as the table's time-to-live says. */
  private static Write stored(
      TableInfo info, Write.Kind kind, Entity entity, Precondition precondition) {
    return ExpiryWrites.of(info)
        .write(kind, entity.rowKey(), entity.properties(), precondition, Instant.now());
  }

  /** The checks of a Delete Entity's keys, which come from its URL. */
  private static void checkDeleted(EntityKey key) {
    EntityRules.checkAddressedKey(key.partitionKey(), false);
    EntityRules.checkAddressedKey(key.rowKey(), false);
  }

  private static Write deletion(EntityKey key, IfMatch ifMatch) {
    return Write.delete(key.rowKey(), ifMatch.precondition());
  }

  private static Entity stored(ApplyResult result) {
    return ExpiresAt.shown(Objects.requireNonNull(committed(result).entities().get(0)));
  }

  private static @Nullable Void deleted(ApplyResult result) {
    committed(result);
    return null;
  }

  /**
   * The checks of an Update or Merge, whose keys come from the URL: an upsert ({@code ifMatch}
   * null) may store the entity, so its keys must fit; see {@link EntityRules#checkAddressedKey}.
   */
  private static void checkAddressed(Entity entity, @Nullable IfMatch ifMatch) {
    EntityRules.checkAddressedKey(entity.partitionKey(), ifMatch == null);
    EntityRules.checkAddressedKey(entity.rowKey(), ifMatch == null);
    EntityRules.checkContent(entity);
  }

  private static Precondition preconditionOf(@Nullable IfMatch ifMatch) {
    return ifMatch == null ? Precondition.NONE : ifMatch.precondition();
  }

  private static ApplyResult.Committed committed(ApplyResult result) {
    if (result instanceof ApplyResult.Rejected rejected) {
      throw StorageErrors.of(rejected);
    }
    return (ApplyResult.Committed) result;
  }
}
