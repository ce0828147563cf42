package dev.tabula.protocol;

import dev.tabula.core.NonBlockingCalls;
import dev.tabula.protocol.batch.BatchOperations;
import dev.tabula.protocol.operations.AclOperations;
import dev.tabula.protocol.operations.EntityCountOperations;
import dev.tabula.protocol.operations.EntityOperations;
import dev.tabula.protocol.operations.ServicePropertiesOperations;
import dev.tabula.protocol.operations.TableOperations;
import dev.tabula.protocol.operations.TableSettingsOperations;
import dev.tabula.protocol.routing.Route;
import dev.tabula.protocol.routing.Router;

/**
 * The service's operations by route, and the forms a network event loop may run where the engine
 * answers them without waiting: Get Table and point reads with its reads, the single-entity writes
 * with its writes too.
 */
final class Routes {
  private Routes() {}

  static Router of(
      TableOperations tables,
      EntityOperations entities,
      EntityCountOperations counts,
      BatchOperations batches,
      AclOperations acls,
      TableSettingsOperations settings,
      ServicePropertiesOperations service,
      NonBlockingCalls nonBlocking) {
    Router router =
        new Router()
            .route(Route.CREATE_TABLE, tables::create)
            .route(Route.QUERY_TABLES, tables::query)
            .route(Route.GET_TABLE, tables::get)
            .route(Route.DELETE_TABLE, tables::delete)
            .routeAsync(Route.INSERT_ENTITY, entities::insert)
            .route(Route.QUERY_ENTITIES, entities::query)
            .route(Route.COUNT_ENTITIES, counts::count)
            .routeAsync(Route.GET_ENTITY, entities::getAsync)
            .routeAsync(Route.UPDATE_ENTITY, entities::replace)
            .routeAsync(Route.INSERT_OR_REPLACE_ENTITY, entities::replace)
            .routeAsync(Route.MERGE_ENTITY, entities::merge)
            .routeAsync(Route.INSERT_OR_MERGE_ENTITY, entities::merge)
            .routeAsync(Route.DELETE_ENTITY, entities::delete)
            .routeAsync(Route.ENTITY_GROUP_TRANSACTION, batches::submit)
            .route(Route.GET_TABLE_ACL, acls::get)
            .route(Route.SET_TABLE_ACL, acls::set)
            .route(Route.GET_TABLE_SETTINGS, settings::get)
            .route(Route.SET_TABLE_SETTINGS, settings::set)
            .route(Route.GET_SERVICE_PROPERTIES, service::get)
            .route(Route.GET_SERVICE_STATS, service::get)
            .route(Route.SET_SERVICE_PROPERTIES, service::set);
    if (nonBlocking.reads()) {
      router
          .withoutWaiting(Route.GET_TABLE, tables::tryGet)
          .withoutWaiting(Route.GET_ENTITY, entities::tryGet);
    }
    if (nonBlocking.writes()) {
      router
          .withoutWaitingAsync(Route.INSERT_ENTITY, entities::tryInsert)
          .withoutWaitingAsync(Route.UPDATE_ENTITY, entities::tryReplace)
          .withoutWaitingAsync(Route.INSERT_OR_REPLACE_ENTITY, entities::tryReplace)
          .withoutWaitingAsync(Route.MERGE_ENTITY, entities::tryMerge)
          .withoutWaitingAsync(Route.INSERT_OR_MERGE_ENTITY, entities::tryMerge)
          .withoutWaitingAsync(Route.DELETE_ENTITY, entities::tryDelete);
    }
    return router;
  }
}
