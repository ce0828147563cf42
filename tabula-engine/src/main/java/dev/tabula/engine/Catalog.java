package dev.tabula.engine;

import dev.tabula.model.AccessPolicy;
import dev.tabula.model.Attempt;
import dev.tabula.model.TableSettings;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * The tables of every account. Table names compare case-insensitively and keep the case they were
 * created with. Implementations are thread-safe; every method is atomic and durable on return when
 * the engine declares {@link Capability#DURABLE_ON_ACK}. A call the store cannot carry out throws
 * {@link StorageException}.
 */
public interface Catalog {

  /**
   * Creates a table with a fresh id.
   *
   * @return the new table, or empty when a table of that name (in any case) already exists
   */
  Optional<TableInfo> createTable(String account, String name);

  /**
   * Deletes a table and makes its entities unreachable at once, whatever their number; the space is
   * reclaimed afterwards. The name can be created again immediately.
   *
   * @return false when no such table exists
   */
  boolean deleteTable(String account, String name);

  /** Finds a table by name, case-insensitively. */
  Optional<TableInfo> findTable(String account, String name);

  /**
   * {@link #findTable} as a stage, for a caller that must not hold its thread while the engine
   * waits (see {@link EntityStore#readAsync}). This default looks the table up on the caller's
   * thread and returns a completed stage, failed with the {@link StorageException} it threw.
   */
  default CompletableFuture<Optional<TableInfo>> findTableAsync(String account, String name) {
    return Stages.completed(() -> findTable(account, name));
  }

  /**
   * {@link #findTable} for a thread that must not wait: the same answer when the engine holds it in
   * memory, else {@link Attempt.WouldWait}. Engines without {@link Capability#NON_BLOCKING_READS}
   * keep this default, which never answers.
   */
  default Attempt<Optional<TableInfo>> tryFindTable(String account, String name) {
    return Attempt.wouldWait();
  }

  /**
   * Lists tables in the order of their lower-cased names, starting at the first whose lower-cased
   * name is greater than or equal to {@code fromCanonicalName} (null for the first).
   *
   * @param limit the most tables to return; more may exist
   */
  List<TableInfo> listTables(String account, @Nullable String fromCanonicalName, int limit);

  /**
   * The stored access policies of a table, in the order they were last set.
   *
   * @return the policies (empty when none are set), or empty when no such table exists
   */
  Optional<List<AccessPolicy>> accessPolicies(String account, String name);

  /**
   * Replaces every stored access policy of a table with {@code policies}, atomically. The policies
   * belong to the table: deleting the table deletes them, and a table created later under the same
   * name starts with none.
   *
   * @return false when no such table exists
   */
  boolean setAccessPolicies(String account, String name, List<AccessPolicy> policies);

  /**
   * Replaces a table's extension settings, atomically; later lookups of the table ({@link
   * #findTable}, {@link #listTables}) carry them in {@link TableInfo#settings()}. The settings
   * belong to the table: a table created later under the same name starts with {@link
   * TableSettings#NONE}.
   *
   * <p>On an engine with {@link Capability#SECONDARY_INDEXES}, every write that starts after this
   * returns maintains the indexes the new settings list, and an index they no longer list (by id)
   * has its entries removed, so that none is ever read again.
   *
   * @return false when no such table exists
   */
  boolean setTableSettings(String account, String name, TableSettings settings);
}
