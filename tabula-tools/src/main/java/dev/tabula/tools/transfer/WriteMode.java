package dev.tabula.tools.transfer;

import dev.tabula.tools.client.BatchOperation;
import java.util.Locale;
import java.util.Optional;

/** How {@code --mode} writes each entity. */
public enum WriteMode {
  /** Insert Entity: an entity whose keys are taken is refused (409 EntityAlreadyExists). */
  INSERT(BatchOperation.Kind.INSERT),
  /** Insert Or Merge Entity: the row's properties are added to an existing entity's. */
  MERGE(BatchOperation.Kind.INSERT_OR_MERGE),
  /** Insert Or Replace Entity: an existing entity becomes exactly the row. */
  REPLACE(BatchOperation.Kind.INSERT_OR_REPLACE);

  private final BatchOperation.Kind kind;

  WriteMode(BatchOperation.Kind kind) {
    this.kind = kind;
  }

  public BatchOperation.Kind kind() {
    return kind;
  }

  /** The name a user gives: {@code insert}, {@code merge}, {@code replace}. */
  public String optionName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Optional<WriteMode> named(String name) {
    for (WriteMode mode : values()) {
      if (mode.optionName().equalsIgnoreCase(name)) {
        return Optional.of(mode);
      }
    }
    return Optional.empty();
  }
}
