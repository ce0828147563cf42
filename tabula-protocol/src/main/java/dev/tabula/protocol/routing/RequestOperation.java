package dev.tabula.protocol.routing;

import dev.tabula.protocol.auth.ServiceOperation;
import dev.tabula.protocol.http.ServiceRequest;
import java.util.Objects;
import java.util.Optional;

/**
 * What a request asks for, decided once from the resource its URL names and its effective method
 * (and, where they change the operation, its {@code If-Match} and {@code comp}): routing, shared
 * access signatures, each operation of a {@code $batch} and the network threads' choice to answer
 * without waiting all read this one classification. Immutable.
 *
 * @param resource what the URL names
 * @param method the effective method: PATCH and {@code POST} with {@code X-HTTP-Method} resolved
 * @param route the operation, or null when the resource does not take the method (the router then
 *     answers 405 UnsupportedHttpVerb, after authentication, as the service does)
 * @param authorization what a shared access signature must allow before anything runs, or null when
 *     nothing is checked then: the resource does not take the method, or the service does not name
 *     it an operation (a {@code PUT} of {@code comp=stats}, which the operation refuses)
 */
public record RequestOperation(
    Resource resource, String method, Route route, ServiceOperation authorization) {

  public RequestOperation {
    Objects.requireNonNull(resource, "resource");
    Objects.requireNonNull(method, "method");
  }

  /**
   * Classifies a request, a whole one or an operation inside a {@code $batch} alike.
   *
   * @param method the effective method
   */
  public static RequestOperation of(Resource resource, String method, ServiceRequest request) {
    Route route = route(resource.kind(), method, request);
    return new RequestOperation(
        resource, method, route, authorization(resource.kind(), route, method, request));
  }

  /** The route, when the resource takes the method. */
  public Optional<Route> routed() {
    return Optional.ofNullable(route);
  }

  /** What a shared access signature must allow before anything runs, if anything. */
  public Optional<ServiceOperation> authorized() {
    return Optional.ofNullable(authorization);
  }

  private static Route route(ResourceKind kind, String method, ServiceRequest request) {
    return switch (kind) {
      case SERVICE -> serviceRoute(method, request.queryParameter("comp"));
      case TABLES -> choose(method, "POST", Route.CREATE_TABLE, "GET", Route.QUERY_TABLES);
      case TABLE_BY_NAME -> choose(method, "GET", Route.GET_TABLE, "DELETE", Route.DELETE_TABLE);
      case TABLE -> choose(method, "POST", Route.INSERT_ENTITY, "GET", Route.QUERY_ENTITIES);
      case TABLE_COUNT -> method.equals("GET") ? Route.COUNT_ENTITIES : null;
      case ENTITY -> entityRoute(method, request.header("If-Match") != null);
      case BATCH -> method.equals("POST") ? Route.ENTITY_GROUP_TRANSACTION : null;
      case TABLE_ACL ->
          method.equals("HEAD")
              ? Route.GET_TABLE_ACL
              : choose(method, "GET", Route.GET_TABLE_ACL, "PUT", Route.SET_TABLE_ACL);
      case TABLE_SETTINGS ->
          choose(method, "GET", Route.GET_TABLE_SETTINGS, "PUT", Route.SET_TABLE_SETTINGS);
      case TABLE_CHANGES -> "GET".equals(method) ? Route.READ_TABLE_CHANGES : null;
    };
  }

  private static Route choose(
      String method, String first, Route ifFirst, String second, Route ifSecond) {
    if (method.equals(first)) {
      return ifFirst;
    }
    return method.equals(second) ? ifSecond : null;
  }

  private static Route serviceRoute(String method, String comp) {
    return switch (method) {
      case "GET" -> "stats".equals(comp) ? Route.GET_SERVICE_STATS : Route.GET_SERVICE_PROPERTIES;
      case "PUT" -> Route.SET_SERVICE_PROPERTIES;
      default -> null;
    };
  }

  /** Update and Merge without an {@code If-Match} are the upserts, which need more of a SAS. */
  private static Route entityRoute(String method, boolean conditional) {
    return switch (method) {
      case "GET" -> Route.GET_ENTITY;
      case "PUT" -> conditional ? Route.UPDATE_ENTITY : Route.INSERT_OR_REPLACE_ENTITY;
      case "MERGE" -> conditional ? Route.MERGE_ENTITY : Route.INSERT_OR_MERGE_ENTITY;
      case "DELETE" -> Route.DELETE_ENTITY;
      default -> null;
    };
  }

  /**
   * The operation checked before anything runs. A {@code HEAD} the resource does not take is still
   * checked as the read it asks for before the router refuses it (405 UnsupportedHttpVerb), so a
   * signature that may not read hears 403 first.
   */
  private static ServiceOperation authorization(
      ResourceKind kind, Route route, String method, ServiceRequest request) {
    if (route == Route.SET_SERVICE_PROPERTIES && "stats".equals(request.queryParameter("comp"))) {
      return null;
    }
    if (route != null) {
      return route.authorization();
    }
    Route read = method.equals("HEAD") ? route(kind, "GET", request) : null;
    return read == null ? null : read.authorization();
  }
}
