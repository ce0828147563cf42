package dev.tabula.protocol.batch;

import dev.tabula.core.BatchOperation;
import dev.tabula.model.EntityKey;
import dev.tabula.protocol.auth.AccessGrant;
import dev.tabula.protocol.routing.RequestOperation;
import dev.tabula.protocol.routing.Route;

/**
 * Holds each operation of a batch to what the request's credentials grant, as if it had been sent
 * alone: a shared access signature must allow its permission, its table and its keys (an upsert
 * needs add and update; a key outside a service SAS's range is refused). Each operation was
 * classified as the same request sent alone ({@link RequestOperation}). The {@code $batch} request
 * itself was checked before; a refusal here fails the batch at that operation's index.
 */
final class BatchAuthorization {
  private BatchAuthorization() {}

  /** Refuses a change the grant does not cover; its keys are the entity's, body or URL. */
  static void check(AccessGrant access, ParsedOperation parsed) {
    BatchOperation operation = parsed.operation();
    EntityKey key = new EntityKey(operation.entity().partitionKey(), operation.entity().rowKey());
    access.authorize(parsed.authorization(), operation.table(), key);
  }

  /** Refuses the read of a query batch the grant does not cover. */
  static void checkRead(AccessGrant access, RequestOperation read) {
    Route route = read.routed().orElseThrow();
    access.authorize(route.authorization(), read.resource().table(), read.resource().key());
  }
}
