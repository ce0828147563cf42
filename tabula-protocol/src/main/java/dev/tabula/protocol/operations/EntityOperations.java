package dev.tabula.protocol.operations;

import dev.tabula.core.EntityPage;
import dev.tabula.core.EntityService;
import dev.tabula.core.IfMatch;
import dev.tabula.model.Attempt;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.auth.ServiceOperation;
import dev.tabula.protocol.extension.Extension;
import dev.tabula.protocol.extension.RequestedExtensions;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.protocol.json.EntityJsonReader;
import dev.tabula.protocol.json.EntityJsonWriter;
import dev.tabula.protocol.json.FeedStream;
import dev.tabula.protocol.json.MetadataLevel;
import dev.tabula.protocol.json.ODataContext;
import dev.tabula.protocol.json.ParsedEntity;
import dev.tabula.protocol.routing.OperationContext;
import dev.tabula.protocol.routing.Resource;
import dev.tabula.query.Filter;
import dev.tabula.query.FilterParser;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The entity operations: Insert, Get, Query, Update and Merge (and their upsert forms when no
 * If-Match is sent), and Delete. The writes answer once the engine has committed them, finishing on
 * the context's {@link OperationContext#finishOn} thread.
 */
public final class EntityOperations {
  private final EntityService entities;

  public EntityOperations(EntityService entities) {
    this.entities = entities;
  }

  /** Insert Entity: {@code POST /table} (or {@code /table()}) with the entity as JSON. */
  public CompletableFuture<ServiceResponse> insert(OperationContext context) {
    return insert(
            context,
            (resource, entity, ifMatch) ->
                Attempt.answered(
                    entities.insert(resource.account(), resource.table(), body(entity))))
        .answer();
  }

  /** {@link #insert} without waiting, or would-wait before anything happened. */
  public Attempt<CompletableFuture<ServiceResponse>> tryInsert(OperationContext context) {
    return insert(
        context,
        (resource, entity, ifMatch) ->
            entities.tryInsert(resource.account(), resource.table(), body(entity)));
  }

  private Attempt<CompletableFuture<ServiceResponse>> insert(
      OperationContext context, Start<Entity> start) {
    ServiceRequest request = context.request();
    MetadataLevel level = level(request);
    RequestOptions.requireJsonBody(request);
    ParsedEntity parsed = EntityJsonReader.read(request.body());
    if (parsed.partitionKey() == null || parsed.rowKey() == null) {
      throw TableErrorCode.PROPERTIES_NEED_VALUE.exception();
    }
    // A shared access signature's key range covers the keys the body names (403 outside it).
    context
        .access()
        .authorize(
            ServiceOperation.INSERT_ENTITY,
            context.resource().table(),
            new EntityKey(parsed.partitionKey(), parsed.rowKey()));
    context.touchedPartition(context.resource().table(), parsed.partitionKey());
    ReturnPreference preference = RequestOptions.returnPreference(request);
    Entity unsaved = Entity.unsaved(parsed.partitionKey(), parsed.rowKey(), parsed.properties());
    return start
        .start(context.resource(), unsaved, null)
        .map(stage -> inserted(context, stage, preference, level));
  }

  private static CompletableFuture<ServiceResponse> inserted(
      OperationContext context,
      CompletableFuture<Entity> inserted,
      ReturnPreference preference,
      MetadataLevel level) {
    return context
        .finishing(inserted)
        .thenApply(
            stored -> {
              ODataContext odata = odata(context.resource());
              String location = odata.entityId(stored.partitionKey(), stored.rowKey());
              return Responses.preferred(
                      preference,
                      level,
                      () -> EntityJsonWriter.writeEntity(stored, odata, level, null))
                  .header("ETag", stored.etag().value())
                  .header("Location", location)
                  .header("DataServiceId", location);
            });
  }

  /** {@link #getAsync} without waiting, or would-wait before anything happened. */
  public Attempt<ServiceResponse> tryGet(OperationContext context) {
    Function<Entity, ServiceResponse> answer = getAnswer(context);
    Resource resource = context.resource();
    return entities.tryGet(resource.account(), resource.table(), resource.key()).map(answer);
  }

  /**
   * Get Entity: {@code GET /table(PartitionKey='..',RowKey='..')}, with optional $select, as a
   * stage, so that the worker thread is free while the engine waits ({@link
   * EntityService#getAsync}); the response is built on the context's {@link
   * OperationContext#finishOn} thread, or here when the engine answered at once.
   */
  public CompletableFuture<ServiceResponse> getAsync(OperationContext context) {
    Function<Entity, ServiceResponse> answer = getAnswer(context);
    Resource resource = context.resource();
    CompletableFuture<Entity> read =
        entities.getAsync(resource.account(), resource.table(), resource.key());
    return (read.isDone() ? read : context.finishing(read)).thenApply(answer);
  }

  /**
   * Get Entity's answer for the entity read, with the request's metadata level and $select read
   * before the engine is asked, so a bad one is refused without a read.
   */
  private static Function<Entity, ServiceResponse> getAnswer(OperationContext context) {
    ServiceRequest request = context.request();
    MetadataLevel level = level(request);
    Set<String> select = RequestOptions.select(request);
    Resource resource = context.resource();
    return entity -> found(resource, level, select, entity);
  }

  private static ServiceResponse found(
      Resource resource, MetadataLevel level, @Nullable Set<String> select, Entity entity) {
    return Responses.json(
            200, level, EntityJsonWriter.writeEntity(entity, odata(resource), level, select))
        .header("ETag", entity.etag().value());
  }

  /** Query Entities: {@code GET /table()}, paged with NextPartitionKey and NextRowKey. */
  public ServiceResponse query(OperationContext context) {
    ServiceRequest request = context.request();
    MetadataLevel level = level(request);
    // $top before $filter: the service refuses $top=-1 with 400 even when the filter is one it
    // would answer 501 (CloudStub TableServiceClientTests, Query_WhenUsingNegativePageNumber).
    Integer top = RequestOptions.top(request);
    RequestedExtensions extensions = RequestedExtensions.of(request);
    Filter filter = requestFilter(context);
    Set<String> select = RequestOptions.select(request);
    Resource resource = context.resource();
    EntityPage page =
        entities.query(
            resource.account(), resource.table(), filter, ContinuationToken.from(request), top);
    if (page.partitionKey() != null) {
      context.touchedPartition(resource.table(), page.partitionKey());
    }
    // Streamed: the transport writes the page's JSON entity by entity as the connection takes it.
    // The page itself is bounded (EntityService.PAGE_BYTES) and read before the status is sent,
    // so the answer carries its continuation and a failure to read it is an ordinary error.
    ServiceResponse response =
        Responses.json(200, level, new FeedStream(page.entities(), odata(resource), level, select));
    QueryPlanHeader.addIfRequested(request, response, page);
    ContinuationToken.addHeaders(response, page.next());
    return extensions.echo(response, Set.of(Extension.STARTS_WITH));
  }

  /** Update Entity ({@code PUT} with If-Match) or Insert Or Replace Entity (without). */
  public CompletableFuture<ServiceResponse> replace(OperationContext context) {
    return update(
            context,
            (resource, entity, ifMatch) ->
                Attempt.answered(
                    entities.replace(resource.account(), resource.table(), body(entity), ifMatch)))
        .answer();
  }

  /** {@link #replace} without waiting, or would-wait before anything happened. */
  public Attempt<CompletableFuture<ServiceResponse>> tryReplace(OperationContext context) {
    return update(
        context,
        (resource, entity, ifMatch) ->
            entities.tryReplace(resource.account(), resource.table(), body(entity), ifMatch));
  }

  /** Merge Entity (with If-Match) or Insert Or Merge Entity (without). */
  public CompletableFuture<ServiceResponse> merge(OperationContext context) {
    return update(
            context,
            (resource, entity, ifMatch) ->
                Attempt.answered(
                    entities.merge(resource.account(), resource.table(), body(entity), ifMatch)))
        .answer();
  }

  /** {@link #merge} without waiting, or would-wait before anything happened. */
  public Attempt<CompletableFuture<ServiceResponse>> tryMerge(OperationContext context) {
    return update(
        context,
        (resource, entity, ifMatch) ->
            entities.tryMerge(resource.account(), resource.table(), body(entity), ifMatch));
  }

  private static Attempt<CompletableFuture<ServiceResponse>> update(
      OperationContext context, Start<Entity> start) {
    IfMatch ifMatch = RequestOptions.ifMatch(context.request());
    return start
        .start(context.resource(), fromUrl(context), ifMatch)
        .map(updated -> context.finishing(updated).thenApply(Responses::noContentWithETag));
  }

  /** Delete Entity: {@code DELETE /table(PartitionKey='..',RowKey='..')} with If-Match. */
  public CompletableFuture<ServiceResponse> delete(OperationContext context) {
    return delete(
            context,
            (resource, entity, ifMatch) ->
                Attempt.answered(
                    entities.delete(
                        resource.account(), resource.table(), resource.key(), required(ifMatch))))
        .answer();
  }

  /** {@link #delete} without waiting, or would-wait before anything happened. */
  public Attempt<CompletableFuture<ServiceResponse>> tryDelete(OperationContext context) {
    return delete(
        context,
        (resource, entity, ifMatch) ->
            entities.tryDelete(
                resource.account(), resource.table(), resource.key(), required(ifMatch)));
  }

  private static Attempt<CompletableFuture<ServiceResponse>> delete(
      OperationContext context, Start<Void> start) {
    IfMatch ifMatch = RequestOptions.requiredIfMatch(context.request());
    return start
        .start(context.resource(), null, ifMatch)
        .map(deleted -> context.finishing(deleted).thenApply(done -> Responses.noContent()));
  }

  /** The entity an insert or update always hands its {@link Start}. */
  private static Entity body(@Nullable Entity entity) {
    return Objects.requireNonNull(entity, "an insert or update starts with its body's entity");
  }

  /**
   * The If-Match a delete always hands its {@link Start} ({@link RequestOptions#requiredIfMatch}).
   */
  private static IfMatch required(@Nullable IfMatch ifMatch) {
    return Objects.requireNonNull(ifMatch, "a delete starts with its required If-Match");
  }

  /**
   * Starts a write with the entity service, in its waiting form or its form that never waits.
   *
   * @param <T> what the write's stage completes with
   */
  @FunctionalInterface
  private interface Start<T> {
    /**
     * @param entity the entity the body holds, null for a deletion
     * @param ifMatch the request's If-Match, or null
     */
    Attempt<CompletableFuture<T>> start(
        Resource resource, @Nullable Entity entity, @Nullable IfMatch ifMatch);
  }

  /** The entity of an Update or Merge body, keyed by its URL (keys in the body are ignored). */
  private static Entity fromUrl(OperationContext context) {
    RequestOptions.requireJsonBody(context.request());
    ParsedEntity parsed = EntityJsonReader.read(context.request().body());
    EntityKey key = context.resource().key();
    return Entity.unsaved(key.partitionKey(), key.rowKey(), parsed.properties());
  }

  private static MetadataLevel level(ServiceRequest request) {
    return MetadataLevel.negotiate(request.header("Accept"), request.queryParameter("$format"));
  }

  private static ODataContext odata(Resource resource) {
    return new ODataContext(resource.serviceRoot(), resource.account(), resource.table());
  }

  /**
   * The request's {@code $filter} ({@code startswith} allowed when it asked for that extension),
   * clipped by a shared access signature's key range: its bounds join the filter. A query and a
   * count read the same entities.
   */
  static Filter requestFilter(OperationContext context) {
    ServiceRequest request = context.request();
    boolean startsWith = RequestedExtensions.of(request).has(Extension.STARTS_WITH);
    return context
        .access()
        .keys()
        .restrict(FilterParser.parse(request.queryParameter("$filter"), startsWith));
  }
}
