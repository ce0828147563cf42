package dev.tabula.tools.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What {@code tabula settings --index NAME=PROPERTY} and {@code --drop-index NAME} ask of a table's
 * secondary indexes, applied to the indexes the table has. The server matches indexes by name (an
 * index sent again with its property keeps its built entries), so the change is made on the list
 * the server gave and the whole list is sent back. Only the syntax is checked here; the names,
 * properties and limits are the server's to refuse, with its own message. Immutable.
 */
final class IndexChanges {
  /** Indexes to declare or keep, by name, in the order given. */
  private final Map<String, String> declared;

  /** Names of indexes to drop. */
  private final Set<String> dropped;

  private IndexChanges(Map<String, String> declared, Set<String> dropped) {
    this.declared = declared;
    this.dropped = dropped;
  }

  /**
   * The changes the options ask for.
   *
   * @param indexOptions the values of {@code --index}, each {@code NAME=PROPERTY}
   * @param dropOptions the values of {@code --drop-index}, each a name
   * @throws ToolError for a value without a name or a property, or a name given twice
   */
  static IndexChanges of(List<String> indexOptions, List<String> dropOptions) {
    Map<String, String> declared = new LinkedHashMap<>();
    for (String option : indexOptions) {
      int equals = option.indexOf('=');
      String name = equals < 0 ? "" : option.substring(0, equals).strip();
      String property = equals < 0 ? "" : option.substring(equals + 1).strip();
      if (name.isEmpty() || property.isEmpty()) {
        throw new ToolError(
            "--index must be NAME=PROPERTY, like byStatus=Status, not '" + option + "'");
      }
      if (declared.put(name, property) != null) {
        throw new ToolError("--index names the index '" + name + "' twice");
      }
    }
    Set<String> dropped = new LinkedHashSet<>();
    for (String option : dropOptions) {
      String name = option.strip();
      if (name.isEmpty()) {
        throw new ToolError("--drop-index needs the name of an index");
      }
      if (declared.containsKey(name)) {
        throw new ToolError("the index '" + name + "' is both in --index and in --drop-index");
      }
      dropped.add(name);
    }
    return new IndexChanges(declared, dropped);
  }

  /** Whether the options ask for no change to the indexes. */
  boolean isEmpty() {
    return declared.isEmpty() && dropped.isEmpty();
  }

  /**
   * The table's indexes after the changes: the dropped ones removed, an index declared with the
   * property it has kept as it is (state included), one declared with another property replaced in
   * its place (the server rebuilds it), a new one added at the end.
   *
   * @param current the table's indexes, null when the server's settings have none (a server from
   *     before indexes, which will then refuse the document with its own message)
   * @throws ToolError when a dropped index is not one of the table's
   */
  List<TableIndex> applyTo(@Nullable List<TableIndex> current, String table) {
    List<TableIndex> had = current == null ? List.of() : current;
    List<TableIndex> indexes = new ArrayList<>(had);
    for (String name : dropped) {
      if (!indexes.removeIf(index -> index.name().equals(name))) {
        throw new ToolError(
            "table '" + table + "' has no index '" + name + "' to drop" + namesOf(had));
      }
    }
    Map<String, String> added = new LinkedHashMap<>(declared);
    for (int i = 0; i < indexes.size(); i++) {
      TableIndex index = indexes.get(i);
      String property = added.remove(index.name());
      if (property != null && !property.equals(index.property())) {
        indexes.set(i, new TableIndex(index.name(), property, null));
      }
    }
    added.forEach((name, property) -> indexes.add(new TableIndex(name, property, null)));
    return indexes;
  }

  /**
   * The table's indexes without those named (to rebuild them: dropped, then declared again).
   *
   * @throws ToolError when a name is not one of the table's indexes
   */
  static List<TableIndex> without(
      @Nullable List<TableIndex> current, List<String> names, String table) {
    List<TableIndex> had = current == null ? List.of() : current;
    List<TableIndex> kept = new ArrayList<>(had);
    for (String name : names) {
      if (!kept.removeIf(index -> index.name().equals(name))) {
        throw new ToolError(
            "table '" + table + "' has no index '" + name + "' to rebuild" + namesOf(had));
      }
    }
    return kept;
  }

  /** The table's index names, for a message: " (its indexes: a, b)" or " (it has none)". */
  private static String namesOf(List<TableIndex> indexes) {
    if (indexes.isEmpty()) {
      return " (it has none)";
    }
    List<String> names = new ArrayList<>();
    for (TableIndex index : indexes) {
      names.add(index.name());
    }
    return " (its indexes: " + String.join(", ", names) + ")";
  }
}
