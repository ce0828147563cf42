package dev.tabula.protocol.batch;

import dev.tabula.core.BatchService;
import dev.tabula.core.EntityGroupTransaction;
import dev.tabula.core.EntityService;
import dev.tabula.model.Entity;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import dev.tabula.protocol.http.ErrorTrailer;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.protocol.json.ODataContext;
import dev.tabula.protocol.operations.RequestOptions;
import dev.tabula.protocol.routing.OperationContext;
import dev.tabula.protocol.routing.RequestOperation;
import dev.tabula.protocol.routing.Resource;
import dev.tabula.protocol.routing.ResourceParser;
import dev.tabula.protocol.routing.Route;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Entity Group Transaction: {@code POST /{account}/$batch}.
 *
 * <p>Which failures are whose (see the package documentation for the evidence): a body over 4 MiB
 * (413 RequestBodyTooLarge) and a body that cannot be read as a batch (400 InvalidInput) are plain
 * error responses; everything about an operation, including more than 100 of them (reported at
 * index 0), a missing table (index 0), another partition or table, a repeated entity, a bad body,
 * key or If-Match, and a failed precondition, is a 202 whose change set response holds only the
 * failing operation's part, with its 0-based index in the message (left out, as the service does,
 * for the entity's own failures in a change set of one: {@link PartResponses#indexed}). Nothing is
 * written unless every operation commits, in one engine apply. Thread-safe.
 *
 * <p>The 4 MiB limit is not checked here: it is every request's body limit, batches included, and
 * the transport refuses a larger body before it has read it whole (the server's {@code
 * ServerConfig.DEFAULT_MAX_BODY_BYTES}, answered by its {@code BodyLimitAggregator}), so no batch
 * body this class sees can be over it.
 *
 * <p>A change set answers as a single-entity write does ({@link
 * dev.tabula.protocol.routing.AsyncOperation}): its operations are read and checked on the calling
 * thread, their commit is queued with the engine, and the answer is built on {@link
 * OperationContext#finishOn()} once the engine has committed them, so no thread waits for the
 * synced write. A lone retrieve reads before it returns.
 */
public final class BatchOperations {
  private final BatchService batches;
  private final EntityService entities;
  private final OperationReader reader;
  private final Clock clock;

  public BatchOperations(
      BatchService batches, EntityService entities, ResourceParser parser, Clock clock) {
    this.batches = batches;
    this.entities = entities;
    this.reader = new OperationReader(parser);
    this.clock = clock;
  }

  /**
   * Starts answering one {@code $batch} request; a body that is not a readable batch is thrown at
   * once, and the engine's failure to commit (503, 500) completes the stage with it.
   */
  public CompletableFuture<ServiceResponse> submit(OperationContext context) {
    ServiceRequest request = context.request();
    BatchRequest batch = BatchRequestParser.parse(request.header("Content-Type"), request.body());
    BatchResponseWriter writer = new BatchResponseWriter();
    // Streamed, part by part, as the service sends it (chunked); a short answer still goes whole.
    if (batch instanceof BatchRequest.ChangeSet changeSet) {
      return changeSet(context, changeSet.operations())
          .thenApply(
              parts ->
                  new ServiceResponse(202)
                      .body(writer.contentType(), writer.changeSetStream(parts)));
    }
    PartResponse retrieved = query(context, ((BatchRequest.Query) batch).operation());
    return CompletableFuture.completedFuture(
        new ServiceResponse(202).body(writer.contentType(), writer.queryStream(retrieved)));
  }

  /**
   * The parts of a change set's answer: its first invalid operation's failure at once, else, once
   * the engine has committed or rejected them (finishing on {@link OperationContext#finishOn()}),
   * every operation's success or the rejected operation's failure.
   */
  private CompletableFuture<List<PartResponse>> changeSet(
      OperationContext context, List<SubRequest> subs) {
    EntityGroupTransaction transaction;
    try {
      transaction = batches.begin(context.resource().account(), subs.size());
    } catch (TableException tooMany) {
      return answered(failure(context, 0, subs.size(), tooMany, subs.get(0), false));
    }
    List<ParsedOperation> operations = new ArrayList<>(subs.size());
    for (int i = 0; i < subs.size(); i++) {
      try {
        ParsedOperation op = reader.read(subs.get(i), context.resource(), host(context));
        BatchAuthorization.check(context.access(), op);
        transaction.add(op.operation());
        if (i == 0) {
          // Every operation of a change set is in one partition of one table, or it fails.
          context.touchedPartition(op.operation().table(), op.operation().entity().partitionKey());
        }
        operations.add(op);
      } catch (TableException invalid) {
        return answered(failure(context, i, subs.size(), invalid, subs.get(i), false));
      }
    }
    return context
        .finishing(transaction.commit())
        .thenApply(outcome -> parts(context, subs, operations, outcome));
  }

  /** The parts answering a change set the engine has committed or rejected. */
  private List<PartResponse> parts(
      OperationContext context,
      List<SubRequest> subs,
      List<ParsedOperation> operations,
      EntityGroupTransaction.Outcome outcome) {
    if (outcome instanceof EntityGroupTransaction.Failed failed) {
      int at = failed.index();
      return List.of(failure(context, at, subs.size(), failed.error(), subs.get(at), true));
    }
    List<Entity> stored = ((EntityGroupTransaction.Committed) outcome).entities();
    List<PartResponse> parts = new ArrayList<>(subs.size());
    for (int i = 0; i < subs.size(); i++) {
      parts.add(PartResponses.success(operations.get(i), stored.get(i), PartEcho.of(subs.get(i))));
    }
    return parts;
  }

  private static CompletableFuture<List<PartResponse>> answered(PartResponse failure) {
    return CompletableFuture.completedFuture(List.of(failure));
  }

  private PartResponse query(OperationContext context, SubRequest sub) {
    try {
      OperationReader.Target target = reader.resolve(sub, context.resource(), host(context));
      Resource resource = target.resource();
      // A retrieve is a GET (BatchRequestParser), classified as the same request sent alone.
      RequestOperation read = RequestOperation.of(resource, "GET", target.request());
      if (read.route() != Route.GET_ENTITY) {
        throw TableErrorCode.INVALID_INPUT.exception();
      }
      context.touchedPartition(resource.table(), resource.key().partitionKey());
      BatchAuthorization.checkRead(context.access(), read);
      Entity entity = entities.get(resource.account(), resource.table(), resource.key());
      ODataContext odata =
          new ODataContext(resource.serviceRoot(), resource.account(), resource.table());
      return PartResponses.entity(
          entity, odata, PartEcho.of(sub), RequestOptions.select(target.request()));
    } catch (TableException failed) {
      // A lone retrieve keeps the "0:" it always had: no record shows it without.
      return failure(context, 0, null, failed, sub, false);
    }
  }

  /**
   * The part of a failed operation; {@code operations} is how many its change set holds, or null
   * for a retrieve, whose message always starts with its index.
   */
  private PartResponse failure(
      OperationContext context,
      int index,
      Integer operations,
      TableException error,
      SubRequest sub,
      boolean executed) {
    String trailer = ErrorTrailer.of(context.requestId(), clock.instant());
    boolean indexed = operations == null || PartResponses.indexed(operations, error.code());
    return PartResponses.failure(
        indexed ? index : null, error, PartEcho.of(sub), executed, trailer);
  }

  private static String host(OperationContext context) {
    return context.request().header("Host");
  }
}
