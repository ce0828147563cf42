package dev.tabula.core;

import dev.tabula.engine.Catalog;
import dev.tabula.engine.Stages;
import dev.tabula.engine.TableInfo;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * Table lookups shared by the requests that need the same table at the same time: at most one
 * lookup per table is out at once, and the requests that arrive while it is out share the next one,
 * sent as soon as it answers. Under many clients of one table on an engine whose lookup is a round
 * trip (Cassandra), that is one lookup per round trip instead of one per request.
 *
 * <p>Why that is exact: a request never takes the answer of a lookup sent before it arrived, only
 * of one sent after, so the catalog it sees is the catalog at some moment after it arrived, as if
 * it had sent the lookup itself. A table deleted before a request arrived is never found for it,
 * and a table created before is. Joining the lookup already out would not be: it may have read the
 * catalog before the request arrived, before a delete or create its client had seen answered.
 *
 * <p>Over an engine whose lookup answers at once, no lookup is ever out when the next request
 * arrives, and each request sends its own. Thread-safe; holds an entry only for a table whose
 * lookup is out.
 */
final class CoalescedTableLookups {
  private final Catalog catalog;
  private final Map<TableKey, Flight> flights = new HashMap<>();

  CoalescedTableLookups(Catalog catalog) {
    this.catalog = catalog;
  }

  /** The catalog's answer for the named table (any case), from a lookup sent after this call. */
  CompletableFuture<Optional<TableInfo>> find(String account, String table) {
    TableKey key = TableKey.of(account, table);
    synchronized (flights) {
      Flight out = flights.get(key);
      if (out != null) {
        return out.next();
      }
      flights.put(key, new Flight());
    }
    return send(key, account, table);
  }

  /** Sends a lookup for the table's flight; when it answers, sends the next one if anyone waits. */
  private CompletableFuture<Optional<TableInfo>> send(TableKey key, String account, String table) {
    CompletableFuture<Optional<TableInfo>> lookup =
        Stages.completed(() -> catalog.findTableAsync(account, table)).thenCompose(stage -> stage);
    var unused = lookup.whenComplete((found, failure) -> answered(key, account, table));
    return lookup;
  }

  private void answered(TableKey key, String account, String table) {
    CompletableFuture<Optional<TableInfo>> waiting;
    synchronized (flights) {
      // The flight is this lookup's own: only this method removes it, once nobody waits.
      Flight flight = Objects.requireNonNull(flights.get(key));
      waiting = flight.takeNext();
      if (waiting == null) {
        flights.remove(key);
        return;
      }
    }
    var unused =
        send(key, account, table)
            .whenComplete(
                (found, failure) -> {
                  if (failure == null) {
                    waiting.complete(found);
                  } else {
                    waiting.completeExceptionally(Stages.unwrap(failure));
                  }
                });
  }

  /**
   * A table whose lookup is out, and the stage of those waiting for the next one. Guarded by the
   * map's lock.
   */
  private static final class Flight {
    private @Nullable CompletableFuture<Optional<TableInfo>> next;

    CompletableFuture<Optional<TableInfo>> next() {
      if (next == null) {
        next = new CompletableFuture<>();
      }
      return next;
    }

    @Nullable CompletableFuture<Optional<TableInfo>> takeNext() {
      CompletableFuture<Optional<TableInfo>> taken = next;
      next = null;
      return taken;
    }
  }
}
