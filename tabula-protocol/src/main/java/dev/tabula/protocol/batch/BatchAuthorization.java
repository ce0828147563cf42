package dev.tabula.protocol.batch;

import dev.tabula.core.BatchOperation;
import dev.tabula.model.EntityKey;
import dev.tabula.protocol.auth.AccessGrant;
import dev.tabula.protocol.auth.ServiceOperation;
import dev.tabula.protocol.routing.Resource;

/**
 * Holds each operation of a batch to what the request's credentials grant, as if it had been sent
 * alone: a shared access signature must allow its permission, its table and its keys (an upsert
 * needs add and update; a key outside a service SAS's range is refused). The {@code $batch} request
 * itself was checked before; a refusal here fails the batch at that operation's index.
 */
final class BatchAuthorization {
  private BatchAuthorization() {}

  /** Refuses a change the grant does not cover. */
  static void check(AccessGrant access, BatchOperation operation) {
    ServiceOperation named =
        switch (operation.kind()) {
          case INSERT -> ServiceOperation.INSERT_ENTITY;
          case REPLACE ->
              operation.ifMatch() == null
                  ? ServiceOperation.INSERT_OR_REPLACE_ENTITY
                  : ServiceOperation.UPDATE_ENTITY;
          case MERGE ->
              operation.ifMatch() == null
                  ? ServiceOperation.INSERT_OR_MERGE_ENTITY
                  : ServiceOperation.MERGE_ENTITY;
          case DELETE -> ServiceOperation.DELETE_ENTITY;
        };
    EntityKey key = new EntityKey(operation.entity().partitionKey(), operation.entity().rowKey());
    access.authorize(named, operation.table(), key);
  }

  /** Refuses the read of a query batch the grant does not cover. */
  static void checkRead(AccessGrant access, Resource resource) {
    access.authorize(ServiceOperation.QUERY_ENTITIES, resource.table(), resource.key());
  }
}
