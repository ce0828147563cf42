package dev.tabula.protocol;

import dev.tabula.protocol.auth.ServiceOperation;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.routing.ResourceKind;
import java.util.Optional;

/** Which of the service's operations a routed request performs, for authorization. */
final class ServiceOperations {
  private ServiceOperations() {}

  /**
   * The operation, or empty when the resource does not take the method (the router then refuses the
   * request with its own error).
   *
   * @param method the effective method (PATCH and X-HTTP-Method resolved)
   */
  static Optional<ServiceOperation> of(ResourceKind kind, String method, ServiceRequest request) {
    ServiceOperation operation =
        switch (kind) {
          case TABLES ->
              method.equals("POST")
                  ? ServiceOperation.CREATE_TABLE
                  : read(method, ServiceOperation.QUERY_TABLES);
          case TABLE_BY_NAME ->
              method.equals("DELETE")
                  ? ServiceOperation.DELETE_TABLE
                  : read(method, ServiceOperation.QUERY_TABLES);
          case TABLE ->
              method.equals("POST")
                  ? ServiceOperation.INSERT_ENTITY
                  : read(method, ServiceOperation.QUERY_ENTITIES);
          case TABLE_ACL ->
              method.equals("PUT")
                  ? ServiceOperation.SET_TABLE_ACL
                  : read(method, ServiceOperation.GET_TABLE_ACL);
          case BATCH -> method.equals("POST") ? ServiceOperation.ENTITY_GROUP_TRANSACTION : null;
          case ENTITY -> ServiceOperation.onEntity(method, request.header("If-Match") != null);
          case SERVICE -> service(method, request.queryParameter("comp"));
        };
    return Optional.ofNullable(operation);
  }

  private static ServiceOperation read(String method, ServiceOperation operation) {
    return method.equals("GET") || method.equals("HEAD") ? operation : null;
  }

  private static ServiceOperation service(String method, String comp) {
    if ("stats".equals(comp)) {
      return read(method, ServiceOperation.GET_SERVICE_STATS);
    }
    return method.equals("PUT")
        ? ServiceOperation.SET_SERVICE_PROPERTIES
        : read(method, ServiceOperation.GET_SERVICE_PROPERTIES);
  }
}
