package dev.tabula.protocol.batch;

import dev.tabula.core.BatchService;
import dev.tabula.core.EntityGroupTransaction;
import dev.tabula.core.EntityService;
import dev.tabula.model.Entity;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import dev.tabula.protocol.ErrorTrailer;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.protocol.http.StreamedBody;
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
 */
public final class BatchOperations {
  /** The most bytes a batch may hold: "its total payload may be no more than 4 MiB". */
  public static final int MAX_BATCH_BYTES = 4 * 1024 * 1024;

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

  /** Answers one {@code $batch} request. */
  public ServiceResponse submit(OperationContext context) {
    ServiceRequest request = context.request();
    if (request.body().length > MAX_BATCH_BYTES) {
      throw TableErrorCode.REQUEST_BODY_TOO_LARGE.exception();
    }
    BatchRequest batch = BatchRequestParser.parse(request.header("Content-Type"), request.body());
    BatchResponseWriter writer = new BatchResponseWriter();
    // Streamed, part by part, as the service sends it (chunked); a short answer still goes whole.
    StreamedBody body =
        batch instanceof BatchRequest.ChangeSet changeSet
            ? writer.changeSetStream(changeSet(context, changeSet.operations()))
            : writer.queryStream(query(context, ((BatchRequest.Query) batch).operation()));
    return new ServiceResponse(202).body(writer.contentType(), body);
  }

  private List<PartResponse> changeSet(OperationContext context, List<SubRequest> subs) {
    EntityGroupTransaction transaction;
    try {
      transaction = batches.begin(context.resource().account(), subs.size());
    } catch (TableException tooMany) {
      return List.of(failure(context, 0, subs.size(), tooMany, subs.get(0), false));
    }
    List<ParsedOperation> operations = new ArrayList<>(subs.size());
    for (int i = 0; i < subs.size(); i++) {
      try {
        ParsedOperation op = reader.read(subs.get(i), context.resource(), host(context));
        BatchAuthorization.check(context.access(), op);
        transaction.add(op.operation());
        operations.add(op);
      } catch (TableException invalid) {
        return List.of(failure(context, i, subs.size(), invalid, subs.get(i), false));
      }
    }
    EntityGroupTransaction.Outcome outcome = transaction.commit();
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

  private PartResponse query(OperationContext context, SubRequest sub) {
    try {
      OperationReader.Target target = reader.resolve(sub, context.resource(), host(context));
      Resource resource = target.resource();
      // A retrieve is a GET (BatchRequestParser), classified as the same request sent alone.
      RequestOperation read = RequestOperation.of(resource, "GET", target.request());
      if (read.route() != Route.GET_ENTITY) {
        throw TableErrorCode.INVALID_INPUT.exception();
      }
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
