package dev.tabula.engine;

import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityRules;
import dev.tabula.model.Expiry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The rules of one {@link EntityStore#applyAsync}, shared by every engine: works out what a
 * partition batch does without storing anything, so that each engine only reads its state and
 * persists the outcome atomically in its own way.
 *
 * <p>Contract of {@link #plan}:
 *
 * <ul>
 *   <li>Writes are evaluated in order, each against the state left by the writes before it in the
 *       same batch; a row key no earlier write touched is looked up once in the engine's stored
 *       state.
 *   <li>An expired entity is absent: a row whose entity carries an expiry ({@link Expiry}) at or
 *       before the commit time is treated as missing by every write and precondition (an insert
 *       succeeds over it, a merge merges onto nothing), except {@link Precondition.ExpiredAt},
 *       which passes only on such an entity with that very Timestamp ({@code ENTITY_MISSING}
 *       without a stored entity, {@code TIMESTAMP_DIFFERS} when it is live or has another
 *       Timestamp).
 *   <li>Preconditions: {@code MustNotExist} fails with {@code ENTITY_EXISTS} on an existing entity;
 *       a DELETE, {@code MustExist} or {@code TimestampEquals} on a missing entity fails with
 *       {@code ENTITY_MISSING}; a differing Timestamp fails with {@code TIMESTAMP_DIFFERS}.
 *   <li>A PUT stores exactly its properties, a MERGE adds its properties to the current ones (onto
 *       nothing it stores its own), a DELETE removes the entity. Every new entity carries the
 *       commit time as its Timestamp and is checked against the limits of a stored entity ({@link
 *       EntityRules#hasTooManyProperties}, {@link EntityRules#isTooLarge}); a broken limit rejects
 *       the write with its reason.
 *   <li>The first write that cannot apply ends the evaluation with a {@link Rejection}: nothing is
 *       to be persisted. Otherwise the result is a {@link Commit}.
 * </ul>
 *
 * <p>Stateless and thread-safe itself; the caller holds whatever lock makes its lookups and the
 * persisting of the plan one atomic, isolated step. Nulls are not accepted.
 */
public final class PartitionBatch {
  private PartitionBatch() {}

  /**
   * The engine's stored entity of a row key in the batch's partition, or empty.
   *
   * @param <E> the checked exception the engine's read may throw, passed through {@link #plan}
   */
  @FunctionalInterface
  public interface StoredRows<E extends Exception> {
    Optional<Entity> read(String rowKey) throws E;
  }

  /** The outcome of {@link #plan}: the apply's result, and what to persist if it commits. */
  public sealed interface Plan {
    /** What {@link EntityStore#applyAsync} completes with once the plan is persisted. */
    ApplyResult result();
  }

  /** A write could not apply; nothing is to be persisted. */
  public record Rejection(ApplyResult.Rejected result) implements Plan {
    public Rejection {
      Objects.requireNonNull(result, "result");
    }
  }

  /**
   * Every write applies.
   *
   * @param changes one per row key the batch touches, in the order first touched: its final state
   */
  public record Commit(ApplyResult.Committed result, List<Change> changes) implements Plan {
    public Commit {
      Objects.requireNonNull(result, "result");
      changes = List.copyOf(changes);
    }
  }

  /**
   * The final state of one row after the batch.
   *
   * @param entity the row's new entity, with the commit time as Timestamp, or null when the batch
   *     deletes the row
   * @param existed whether the row held a live entity before the batch, so that a change feed can
   *     tell an insert from an update ({@link RowChange#of})
   * @param stored the entity the engine held at this row before the batch, expired or not, or null;
   *     what the batch replaces, so that an engine can remove what it derived from it (its {@link
   *     dev.tabula.engine.index.IndexEntries secondary-index entries})
   */
  public record Change(
      String rowKey, @Nullable Entity entity, boolean existed, @Nullable Entity stored) {
    public Change {
      Objects.requireNonNull(rowKey, "rowKey");
    }

    /** The change of a row whose stored entity, if any, does not matter to the caller. */
    public Change(String rowKey, @Nullable Entity entity, boolean existed) {
      this(rowKey, entity, existed, null);
    }

    /** The change of a row that held no entity before the batch. */
    public Change(String rowKey, @Nullable Entity entity) {
      this(rowKey, entity, false, null);
    }

    /** Whether the batch leaves no entity at this row key. */
    public boolean isDeletion() {
      return entity == null;
    }
  }

  /**
   * Evaluates {@code writes} against {@code storedRows} as the class describes.
   *
   * @throws E when a read of the stored state fails; nothing is to be persisted then
   */
  public static <E extends Exception> Plan plan(
      String partitionKey, List<Write> writes, Instant commitTime, StoredRows<E> storedRows)
      throws E {
    Objects.requireNonNull(partitionKey, "partitionKey");
    Objects.requireNonNull(commitTime, "commitTime");
    Map<String, @Nullable Entity> staged =
        new LinkedHashMap<>(); // null value: deleted by this batch
    Set<String> existed = new HashSet<>(); // row keys stored live before the batch
    Map<String, @Nullable Entity> stored = new HashMap<>(); // as read, expired or not
    List<@Nullable Entity> results = new ArrayList<>(writes.size());
    for (int i = 0; i < writes.size(); i++) {
      Write write = writes.get(i);
      String rowKey = write.rowKey();
      @Nullable Entity found = staged.containsKey(rowKey) ? staged.get(rowKey) : null;
      if (!staged.containsKey(rowKey)) {
        found = read(storedRows, rowKey);
        stored.put(rowKey, found);
      }
      @Nullable Entity current =
          found != null && Expiry.isExpired(found, commitTime) ? null : found;
      if (current != null && !staged.containsKey(rowKey)) {
        existed.add(rowKey); // an expired entity did not exist: its replacement is an insert
      }
      ApplyResult.Rejected.@Nullable Reason failure =
          write.precondition() instanceof Precondition.ExpiredAt expiredAt
              ? expiredAtFailure(expiredAt, found, current)
              : preconditionFailure(write, current);
      @Nullable Entity next =
          failure == null ? next(partitionKey, write, current, commitTime) : null;
      if (failure == null) {
        failure = limitFailure(next);
      }
      if (failure != null) {
        return new Rejection(new ApplyResult.Rejected(i, failure));
      }
      staged.put(rowKey, next);
      results.add(next);
    }
    return commit(commitTime, results, staged, existed, stored);
  }

  private static <E extends Exception> @Nullable Entity read(StoredRows<E> stored, String rowKey)
      throws E {
    return Objects.requireNonNull(stored.read(rowKey), "stored row").orElse(null);
  }

  /** {@code found} is the stored entity, {@code current} the same unless it is expired (null). */
  private static ApplyResult.Rejected.@Nullable Reason expiredAtFailure(
      Precondition.ExpiredAt expected, @Nullable Entity found, @Nullable Entity current) {
    if (found == null) {
      return ApplyResult.Rejected.Reason.ENTITY_MISSING;
    }
    boolean expired = current == null;
    return expired && expected.timestamp().equals(found.timestamp())
        ? null
        : ApplyResult.Rejected.Reason.TIMESTAMP_DIFFERS;
  }

  private static ApplyResult.Rejected.@Nullable Reason preconditionFailure(
      Write write, @Nullable Entity current) {
    Precondition precondition = write.precondition();
    if (precondition instanceof Precondition.MustNotExist) {
      return current != null ? ApplyResult.Rejected.Reason.ENTITY_EXISTS : null;
    }
    if (current == null
        && (write.kind() == Write.Kind.DELETE || !(precondition instanceof Precondition.None))) {
      return ApplyResult.Rejected.Reason.ENTITY_MISSING;
    }
    if (precondition instanceof Precondition.TimestampEquals expected
        && current != null // always so here: a missing entity failed just above
        && !expected.timestamp().equals(current.timestamp())) {
      return ApplyResult.Rejected.Reason.TIMESTAMP_DIFFERS;
    }
    return null;
  }

  private static @Nullable Entity next(
      String partitionKey, Write write, @Nullable Entity current, Instant time) {
    return switch (write.kind()) {
      case PUT -> new Entity(partitionKey, write.rowKey(), time, write.properties());
      case MERGE -> new Entity(partitionKey, write.rowKey(), time, merged(current, write));
      case DELETE -> null;
    };
  }

  private static Map<String, EdmValue> merged(@Nullable Entity current, Write write) {
    Map<String, EdmValue> merged = new LinkedHashMap<>();
    if (current != null) {
      merged.putAll(current.properties());
    }
    merged.putAll(write.properties());
    return merged;
  }

  /** Only the engine sees a merged entity, so only it can check the whole-entity limits. */
  private static ApplyResult.Rejected.@Nullable Reason limitFailure(@Nullable Entity next) {
    if (next == null) {
      return null;
    }
    if (EntityRules.hasTooManyProperties(next)) {
      return ApplyResult.Rejected.Reason.TOO_MANY_PROPERTIES;
    }
    return EntityRules.isTooLarge(next) ? ApplyResult.Rejected.Reason.ENTITY_TOO_LARGE : null;
  }

  private static Commit commit(
      Instant time,
      List<@Nullable Entity> results,
      Map<String, @Nullable Entity> staged,
      Set<String> existed,
      Map<String, @Nullable Entity> stored) {
    List<Change> changes = new ArrayList<>(staged.size());
    staged.forEach(
        (rowKey, entity) ->
            changes.add(new Change(rowKey, entity, existed.contains(rowKey), stored.get(rowKey))));
    return new Commit(new ApplyResult.Committed(time, results), changes);
  }
}
