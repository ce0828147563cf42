package dev.tabula.protocol;

import dev.tabula.protocol.batch.BatchOperations;
import dev.tabula.protocol.operations.AclOperations;
import dev.tabula.protocol.operations.EntityOperations;
import dev.tabula.protocol.operations.ServicePropertiesOperations;
import dev.tabula.protocol.operations.TableOperations;
import dev.tabula.protocol.routing.ResourceKind;
import dev.tabula.protocol.routing.Router;

/** The service's operations, by resource shape and effective method. */
final class Routes {
  private Routes() {}

  static Router of(
      TableOperations tables,
      EntityOperations entities,
      BatchOperations batches,
      AclOperations acls,
      ServicePropertiesOperations service) {
    return new Router()
        .route(ResourceKind.TABLES, "POST", tables::create)
        .route(ResourceKind.TABLES, "GET", tables::query)
        .route(ResourceKind.TABLE_BY_NAME, "GET", tables::get)
        .route(ResourceKind.TABLE_BY_NAME, "DELETE", tables::delete)
        .routeAsync(ResourceKind.TABLE, "POST", entities::insert)
        .route(ResourceKind.TABLE, "GET", entities::query)
        .route(ResourceKind.ENTITY, "GET", entities::get)
        .routeAsync(ResourceKind.ENTITY, "PUT", entities::replace)
        .routeAsync(ResourceKind.ENTITY, "MERGE", entities::merge)
        .routeAsync(ResourceKind.ENTITY, "DELETE", entities::delete)
        .routeAsync(ResourceKind.BATCH, "POST", batches::submit)
        .route(ResourceKind.TABLE_ACL, "GET", acls::get)
        .route(ResourceKind.TABLE_ACL, "HEAD", acls::get)
        .route(ResourceKind.TABLE_ACL, "PUT", acls::set)
        .route(ResourceKind.SERVICE, "GET", service::get)
        .route(ResourceKind.SERVICE, "PUT", service::set);
  }
}
