package dev.tabula.tools.format;

import dev.tabula.tools.entity.EdmType;
import dev.tabula.tools.entity.TransferEntity;
import dev.tabula.tools.entity.TypedProperty;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.csv.CSVRecord;

/**
 * The columns of a CSV entity file, read from its header row, and how a row becomes an entity.
 *
 * <p>The keys' and Timestamp's own {@code @type} columns (Storage Explorer writes them in some
 * versions) are ignored: those are always strings and a DateTime. A property column without a
 * {@code @type} column holds strings. A value whose type cell is empty is an unreadable row rather
 * than a guessed Edm.String: guessing would change a number's type silently.
 */
final class CsvHeader {
  private final int width;
  private final int partitionKey;
  private final int rowKey;
  private final int timestamp;
  private final List<Column> columns;

  /** A property's value column and its type column, or -1 when the file has none. */
  private record Column(String name, int value, int type) {}

  private CsvHeader(int width, int partitionKey, int rowKey, int timestamp, List<Column> columns) {
    this.width = width;
    this.partitionKey = partitionKey;
    this.rowKey = rowKey;
    this.timestamp = timestamp;
    this.columns = columns;
  }

  /** The header a row names; an IOException naming line 1 when it is not one. */
  static CsvHeader of(CSVRecord row) throws IOException {
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < row.size(); i++) {
      if (index.put(row.get(i), i) != null) {
        throw new IOException("line 1: the header names column '" + row.get(i) + "' twice");
      }
    }
    int partitionKey = required(index, CsvLayout.PARTITION_KEY);
    int rowKey = required(index, CsvLayout.ROW_KEY);
    int timestamp = index.getOrDefault(CsvLayout.TIMESTAMP, -1);
    List<Column> columns = new ArrayList<>();
    for (int i = 0; i < row.size(); i++) {
      String name = row.get(i);
      String described = CsvLayout.propertyOfTypeColumn(name);
      if (described != null) {
        if (!index.containsKey(described)) {
          throw new IOException(
              "line 1: the header has a type column '"
                  + name
                  + "' but no column '"
                  + described
                  + "'");
        }
      } else if (!CsvLayout.isSystemColumn(name)) {
        if (name.isEmpty()) {
          throw new IOException("line 1: the header has a column without a name");
        }
        columns.add(new Column(name, i, index.getOrDefault(CsvLayout.typeColumn(name), -1)));
      }
    }
    return new CsvHeader(row.size(), partitionKey, rowKey, timestamp, columns);
  }

  private static int required(Map<String, Integer> index, String name) throws IOException {
    Integer column = index.get(name);
    if (column == null) {
      throw new IOException("line 1: the header has no " + name + " column");
    }
    return column;
  }

  /** The entity a row holds, or why it holds none. */
  NumberedEntity entity(long line, CSVRecord row) {
    if (row.size() != width) {
      return NumberedEntity.unreadable(
          line, "the row has " + row.size() + " cells where the header has " + width);
    }
    List<TypedProperty> properties = new ArrayList<>(columns.size());
    for (Column column : columns) {
      String value = row.get(column.value());
      String typeName = column.type() < 0 ? "" : row.get(column.type());
      if (typeName.isEmpty()) {
        if (value.isEmpty()) {
          continue; // no property
        }
        if (column.type() >= 0) {
          return NumberedEntity.unreadable(
              line, "property '" + column.name() + "' has a value but no type in its @type column");
        }
        typeName = EdmType.STRING.wireName();
      }
      Optional<EdmType> type = EdmType.named(typeName);
      if (type.isEmpty()) {
        return NumberedEntity.unreadable(
            line, "property '" + column.name() + "' has an unknown type '" + typeName + "'");
      }
      Optional<String> text = CsvValues.lexical(type.get(), value);
      if (text.isEmpty()) {
        return NumberedEntity.unreadable(
            line,
            "property '"
                + column.name()
                + "': '"
                + CsvValues.shortened(value)
                + "' is not a valid "
                + type.get().wireName());
      }
      properties.add(new TypedProperty(column.name(), type.get(), text.get()));
    }
    String stamp = timestamp < 0 ? "" : row.get(timestamp);
    return NumberedEntity.of(
        line,
        new TransferEntity(
            row.get(partitionKey), row.get(rowKey), stamp.isEmpty() ? null : stamp, properties));
  }
}
