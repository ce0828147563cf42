package dev.tabula.engine.memory;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.Write;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityRules;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Works out what a partition batch does, without storing anything: each write's precondition is
 * checked against the state the writes before it left, and the outcome is either every entity's
 * new state or the first write that cannot apply. The caller holds the partition's lock.
 */
final class MemoryBatch {
  private MemoryBatch() {}

  /**
   * Resolves {@code writes} against {@code stored} (row key to entity, or null).
   *
   * @param staged filled with each touched row key's final entity, null for deleted; only
   *     meaningful when the result is {@link ApplyResult.Committed}
   */
  static ApplyResult resolve(
      String partitionKey,
      List<Write> writes,
      Instant commitTime,
      Function<String, Entity> stored,
      Map<String, Entity> staged) {
    List<Entity> results = new ArrayList<>(writes.size());
    for (int i = 0; i < writes.size(); i++) {
      Write write = writes.get(i);
      String rowKey = write.rowKey();
      Entity current = staged.containsKey(rowKey) ? staged.get(rowKey) : stored.apply(rowKey);
      TableErrorCode failure = check(write, current);
      if (failure != null) {
        return new ApplyResult.Rejected(i, failure);
      }
      Entity next = next(partitionKey, write, current, commitTime);
      if (next != null) {
        try {
          EntityRules.checkStored(next); // only the engine sees a merged entity
        } catch (TableException e) {
          return new ApplyResult.Rejected(i, e.code());
        }
      }
      staged.put(rowKey, next);
      results.add(next);
    }
    return new ApplyResult.Committed(commitTime, results);
  }

  private static TableErrorCode check(Write write, Entity current) {
    Precondition precondition = write.precondition();
    if (precondition instanceof Precondition.MustNotExist) {
      return current != null ? TableErrorCode.ENTITY_ALREADY_EXISTS : null;
    }
    if (current == null
        && (write.kind() == Write.Kind.DELETE || !(precondition instanceof Precondition.None))) {
      // The service answers 404 ResourceNotFound (not EntityNotFound) for a missing entity.
      return TableErrorCode.RESOURCE_NOT_FOUND;
    }
    if (precondition instanceof Precondition.TimestampEquals expected
        && !expected.timestamp().equals(current.timestamp())) {
      return TableErrorCode.UPDATE_CONDITION_NOT_SATISFIED;
    }
    return null;
  }

  private static Entity next(String partitionKey, Write write, Entity current, Instant time) {
    switch (write.kind()) {
      case PUT:
        return new Entity(partitionKey, write.rowKey(), time, write.properties());
      case MERGE:
        Map<String, EdmValue> merged = new LinkedHashMap<>();
        if (current != null) {
          merged.putAll(current.properties());
        }
        merged.putAll(write.properties());
        return new Entity(partitionKey, write.rowKey(), time, merged);
      default:
        return null;
    }
  }
}
