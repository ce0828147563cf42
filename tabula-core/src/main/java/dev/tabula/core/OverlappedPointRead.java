package dev.tabula.core;

import dev.tabula.engine.EntityStore;
import dev.tabula.engine.TableInfo;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * Get Entity's table lookup and entity read, overlapped: when the lookup waits on the engine (a
 * Cassandra node's round trip) and this server remembers the table's id, the entity is read on that
 * id at the same time, so one client's read costs one round trip of latency rather than two.
 *
 * <p>Why the early read is as exact as the sequential pair: table ids are never reused ({@link
 * TableInfo}), the remembered id was looked up before the read was sent, and the read is used only
 * when the lookup, sent with it, returns the same id. If the node ran the read before the lookup,
 * the table existed when it was remembered and still when looked up, and a table whose id comes
 * back was never deleted in between, so it existed when read. If the node ran the lookup first, the
 * two ran in the sequential pair's order, with its guarantee. On any other answer the early read is
 * dropped: a missing table is 404 TableNotFound, a re-created one is read again on its new id. Over
 * an engine whose lookup answers at once, nothing is read early.
 */
final class OverlappedPointRead {
  private final TableService tables;
  private final EntityStore store;
  private final RecentTableIds recent = new RecentTableIds();

  OverlappedPointRead(TableService tables, EntityStore store) {
    this.tables = tables;
    this.store = store;
  }

  /** The entity's stored row, if any; fails with the service's errors, 404 TableNotFound first. */
  CompletableFuture<Optional<Entity>> read(String account, String table, EntityKey key) {
    CompletableFuture<TableInfo> lookup = tables.tableAsync(account, table);
    OptionalLong remembered = lookup.isDone() ? OptionalLong.empty() : recent.idOf(account, table);
    @Nullable CompletableFuture<Optional<Entity>> early =
        remembered.isPresent() ? store.readAsync(remembered.getAsLong(), key) : null;
    return lookup
        .whenComplete(
            (info, failure) -> {
              if (failure == null) {
                recent.saw(account, table, info.id());
              } else {
                recent.forget(account, table);
              }
            })
        .thenCompose(
            info ->
                early != null && info.id() == remembered.getAsLong()
                    ? early
                    : store.readAsync(info.id(), key));
  }
}
