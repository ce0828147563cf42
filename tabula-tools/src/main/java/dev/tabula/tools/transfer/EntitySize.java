package dev.tabula.tools.transfer;

import dev.tabula.tools.entity.SourceEntity;
import dev.tabula.tools.entity.TransferEntity;
import dev.tabula.tools.entity.TypedProperty;
import dev.tabula.tools.entity.VerbatimEntity;

/**
 * An upper estimate of what an entity adds to a transaction's body: its part's headers and request
 * line (with the keys percent-encoded in the URL, up to 9 bytes a character) and its JSON (names,
 * values and type annotations, each character counted as the bytes it takes in UTF-8, or 6 when
 * JSON escapes it). Counting the characters costs far less than encoding the entity twice. An
 * entity kept as JSON counts its bytes as they are.
 */
final class EntitySize {
  /** Boundary, part headers, request line without the keys. */
  private static final int PART_OVERHEAD = 600;

  /** Quotes, colon, comma, and an {@code @odata.type} annotation. */
  private static final int PROPERTY_OVERHEAD = 64;

  private EntitySize() {}

  static int estimate(SourceEntity source) {
    long size = PART_OVERHEAD;
    size += 10L * (source.partitionKey().length() + source.rowKey().length());
    if (source instanceof VerbatimEntity verbatim) {
      return (int) Math.min(Integer.MAX_VALUE, size + verbatim.jsonLength());
    }
    TransferEntity entity = source.values();
    size += json(entity.partitionKey()) + json(entity.rowKey());
    for (TypedProperty property : entity.properties()) {
      size += PROPERTY_OVERHEAD + json(property.name()) + json(property.text());
    }
    return (int) Math.min(Integer.MAX_VALUE, size);
  }

  private static long json(String text) {
    long bytes = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20 || c == '"' || c == '\\') {
        bytes += 6;
      } else if (c < 0x80) {
        bytes += 1;
      } else if (c < 0x800 || Character.isSurrogate(c)) {
        bytes += 2; // a surrogate pair's two halves make 4 bytes
      } else {
        bytes += 3;
      }
    }
    return bytes;
  }
}
