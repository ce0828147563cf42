package dev.tabula.tools.transfer;

import dev.tabula.tools.client.EntityCursor;
import dev.tabula.tools.client.EntityQuery;
import dev.tabula.tools.client.TableClient;
import dev.tabula.tools.entity.TransferEntity;
import dev.tabula.tools.entity.TypedProperty;
import java.io.IOException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Tells an insert's own earlier write from someone else's entity. An insert that meets
 * EntityAlreadyExists after the client sent its transaction more than once (a lost answer,
 * retried), or after a resumed import sends again the rows that were in flight when the last run
 * was killed, may be meeting the entity it wrote itself. Such a row is read back: when the stored
 * entity has exactly the properties the row has (same names, types and values), it is counted as
 * written by an earlier attempt; otherwise it is refused as usual.
 */
final class EarlierWrites {
  private final TableClient client;
  private final String table;

  EarlierWrites(TableClient client, String table) {
    this.client = client;
    this.table = table;
  }

  /** Whether the stored entity with the row's keys has exactly the row's properties. */
  boolean isStored(Row row) throws IOException {
    TransferEntity wanted = row.entity().values();
    String filter =
        "PartitionKey eq "
            + Refusals.quoted(wanted.partitionKey())
            + " and RowKey eq "
            + Refusals.quoted(wanted.rowKey());
    try (EntityCursor cursor = client.query(table, new EntityQuery(filter, null, 1))) {
      return cursor.hasNext() && sameProperties(cursor.next(), wanted);
    }
  }

  static boolean sameProperties(TransferEntity stored, TransferEntity wanted) {
    if (stored.properties().size() != wanted.properties().size()) {
      return false;
    }
    Map<String, TypedProperty> byName = new HashMap<>();
    for (TypedProperty property : stored.properties()) {
      byName.put(property.name(), property);
    }
    for (TypedProperty property : wanted.properties()) {
      TypedProperty other = byName.get(property.name());
      if (other == null || !sameValue(other, property)) {
        return false;
      }
    }
    return true;
  }

  /** Equal values, whatever lexical form the service gave them (fractions, case, padding). */
  private static boolean sameValue(TypedProperty a, TypedProperty b) {
    if (a.type() != b.type()) {
      return false;
    }
    try {
      return switch (a.type()) {
        case STRING -> a.text().equals(b.text());
        case INT32, INT64 -> Long.parseLong(a.text()) == Long.parseLong(b.text());
        case BOOLEAN -> a.text().equalsIgnoreCase(b.text());
        case DOUBLE -> Double.compare(parseDouble(a.text()), parseDouble(b.text())) == 0;
        case DATE_TIME -> Instant.parse(a.text()).equals(Instant.parse(b.text()));
        case GUID -> a.text().toLowerCase(Locale.ROOT).equals(b.text().toLowerCase(Locale.ROOT));
        case BINARY ->
            Arrays.equals(
                Base64.getDecoder().decode(a.text()), Base64.getDecoder().decode(b.text()));
      };
    } catch (RuntimeException unparsable) {
      return a.text().equals(b.text());
    }
  }

  private static double parseDouble(String text) {
    return switch (text) {
      case "INF", "Infinity" -> Double.POSITIVE_INFINITY;
      case "-INF", "-Infinity" -> Double.NEGATIVE_INFINITY;
      default -> Double.parseDouble(text);
    };
  }
}
