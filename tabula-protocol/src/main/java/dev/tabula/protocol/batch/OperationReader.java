package dev.tabula.protocol.batch;

import dev.tabula.core.BatchOperation;
import dev.tabula.core.IfMatch;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.json.EntityJsonReader;
import dev.tabula.protocol.json.MetadataLevel;
import dev.tabula.protocol.json.ODataContext;
import dev.tabula.protocol.json.ParsedEntity;
import dev.tabula.protocol.operations.RequestOptions;
import dev.tabula.protocol.routing.MethodResolver;
import dev.tabula.protocol.routing.RequestOperation;
import dev.tabula.protocol.routing.Resource;
import dev.tabula.protocol.routing.ResourceParser;
import dev.tabula.protocol.routing.Route;
import java.util.Map;

/**
 * Turns one sub-request into the operation it means, with the rules of the single operation it
 * copies: its URL is parsed like any request URL (path-style or host-style, keys in the entity
 * predicate), PATCH and {@code POST} + {@code X-HTTP-Method} resolve as for a single request (and a
 * part may repeat its own verb in {@code X-HTTP-Method}, as the legacy Java library does), the body
 * must be JSON and is read as an entity, and If-Match and Prefer follow the single operations.
 *
 * <ul>
 *   <li>{@code POST /table}: Insert Entity, keys from the body (missing: 400 PropertiesNeedValue);
 *   <li>{@code PUT} / {@code MERGE} on an entity URL: Update or Merge with an If-Match, their
 *       upsert forms without; keys from the URL, as for single requests;
 *   <li>{@code DELETE} on an entity URL: Delete Entity; a missing If-Match is 400
 *       MissingRequiredHeader.
 * </ul>
 *
 * <p>Anything else inside a change set (a GET, a table operation, another account) is 400
 * InvalidInput: a change set holds only the six entity changes. Failures are thrown as {@link
 * dev.tabula.model.TableException}s for the caller to report with the operation's index.
 * Thread-safe.
 */
final class OperationReader {
  private final ResourceParser parser;

  OperationReader(ResourceParser parser) {
    this.parser = parser;
  }

  /** The sub-request resolved against the batch: its request form and the resource it names. */
  record Target(ServiceRequest request, Resource resource) {}

  /**
   * Resolves a sub-request's URL; another account than the batch's is 400 InvalidInput, and so is a
   * malformed escape in its query (as for a request of its own). When the batch was sent
   * path-style, a path without the account is the batch's account's (see {@link
   * ResourceParser#parse(ServiceRequest, String, String)}).
   */
  Target resolve(SubRequest sub, Resource batch, String batchHost) {
    ServiceRequest request = sub.toServiceRequest(batchHost);
    String root = batch.serviceRoot();
    boolean pathStyle = root.endsWith("/" + batch.account());
    Resource resource =
        parser.parse(
            request, root.substring(0, root.indexOf("://")), pathStyle ? batch.account() : null);
    if (!resource.account().equals(batch.account())) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    request.requireWellFormedQuery();
    return new Target(request, resource);
  }

  /** Reads one change-set operation. */
  ParsedOperation read(SubRequest sub, Resource batch, String batchHost) {
    Target target = resolve(sub, batch, batchHost);
    ServiceRequest request = target.request();
    Resource resource = target.resource();
    String method = MethodResolver.effectivePartMethod(request);
    MetadataLevel level =
        MetadataLevel.negotiate(request.header("Accept"), request.queryParameter("$format"));
    Route route = changeRoute(RequestOperation.of(resource, method, request));
    BatchOperation operation = operation(resource, route, request);
    ODataContext odata =
        new ODataContext(resource.serviceRoot(), resource.account(), resource.table());
    return new ParsedOperation(
        operation, route.authorization(), odata, level, RequestOptions.returnPreference(request));
  }

  /**
   * The route of a change-set operation, classified as the same request sent alone would be; 400
   * InvalidInput for anything but the six entity changes.
   */
  private static Route changeRoute(RequestOperation classified) {
    Route route = classified.routed().orElseThrow(TableErrorCode.INVALID_INPUT::exception);
    if (!route.writesOneEntity()) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    return route;
  }

  private static BatchOperation operation(Resource resource, Route route, ServiceRequest request) {
    if (route == Route.INSERT_ENTITY) {
      RequestOptions.requireJsonBody(request);
      ParsedEntity parsed = EntityJsonReader.read(request.body());
      if (parsed.partitionKey() == null || parsed.rowKey() == null) {
        throw TableErrorCode.PROPERTIES_NEED_VALUE.exception();
      }
      Entity entity = Entity.unsaved(parsed.partitionKey(), parsed.rowKey(), parsed.properties());
      return new BatchOperation(resource.table(), BatchOperation.Kind.INSERT, entity, null);
    }
    EntityKey key = resource.key();
    return switch (route) {
      case UPDATE_ENTITY, INSERT_OR_REPLACE_ENTITY ->
          update(resource, BatchOperation.Kind.REPLACE, request);
      case MERGE_ENTITY, INSERT_OR_MERGE_ENTITY ->
          update(resource, BatchOperation.Kind.MERGE, request);
      case DELETE_ENTITY ->
          new BatchOperation(
              resource.table(),
              BatchOperation.Kind.DELETE,
              Entity.unsaved(key.partitionKey(), key.rowKey(), Map.of()),
              RequestOptions.requiredIfMatch(request));
      default -> throw TableErrorCode.INVALID_INPUT.exception();
    };
  }

  /** Update and Merge take their keys from the URL; keys in the body are ignored. */
  private static BatchOperation update(
      Resource resource, BatchOperation.Kind kind, ServiceRequest request) {
    IfMatch ifMatch = RequestOptions.ifMatch(request);
    RequestOptions.requireJsonBody(request);
    ParsedEntity parsed = EntityJsonReader.read(request.body());
    EntityKey key = resource.key();
    Entity entity = Entity.unsaved(key.partitionKey(), key.rowKey(), parsed.properties());
    return new BatchOperation(resource.table(), kind, entity, ifMatch);
  }
}
