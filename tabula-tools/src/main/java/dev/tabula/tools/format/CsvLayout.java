package dev.tabula.tools.format;

import org.jspecify.annotations.Nullable;

/**
 * The CSV layout of entity files, the one Azure Storage Explorer's typed CSV export and import use:
 * a header row {@code PartitionKey,RowKey,Timestamp,<name>,<name>@type,...} and, on each row, a
 * property's value in its column and its Edm type in the {@code @type} column beside it (Storage
 * Explorer's issues #417 and #4212 show such files, with type cells such as {@code Edm.String} and
 * {@code Edm.Int32}; its later versions write the bare {@code Int32}, which the reader accepts
 * too).
 *
 * <p>The service has no null values, so an empty cell is an absent property; what tells an empty
 * string from an absent property is the type cell: {@code Edm.String} beside an empty value is the
 * empty string, an empty type cell beside an empty value is no property.
 */
final class CsvLayout {
  static final String PARTITION_KEY = "PartitionKey";
  static final String ROW_KEY = "RowKey";
  static final String TIMESTAMP = "Timestamp";
  static final String TYPE_SUFFIX = "@type";

  private CsvLayout() {}

  /** The name of the type column of property {@code name}. */
  static String typeColumn(String name) {
    return name + TYPE_SUFFIX;
  }

  /** The property a type column describes, or null when {@code column} is not a type column. */
  static @Nullable String propertyOfTypeColumn(String column) {
    return column.endsWith(TYPE_SUFFIX) && column.length() > TYPE_SUFFIX.length()
        ? column.substring(0, column.length() - TYPE_SUFFIX.length())
        : null;
  }

  /** Whether {@code name} is one of the system columns that every row has. */
  static boolean isSystemColumn(String name) {
    return PARTITION_KEY.equals(name) || ROW_KEY.equals(name) || TIMESTAMP.equals(name);
  }
}
