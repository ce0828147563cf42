package dev.tabula.protocol.batch;

import java.util.List;
import java.util.Objects;

/**
 * What a {@code $batch} body asks for: one change set of operations, or one retrieve on its own
 * (the service allows a query only "submitted singly in the batch"). Immutable.
 */
sealed interface BatchRequest {

  /** A change set: its operations in order, at least one. */
  record ChangeSet(List<SubRequest> operations) implements BatchRequest {
    public ChangeSet {
      operations = List.copyOf(operations);
    }
  }

  /** A lone retrieve (Get Entity) outside any change set. */
  record Query(SubRequest operation) implements BatchRequest {
    public Query {
      Objects.requireNonNull(operation, "operation");
    }
  }
}
