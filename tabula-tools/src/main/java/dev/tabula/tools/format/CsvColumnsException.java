package dev.tabula.tools.format;

import dev.tabula.tools.entity.TransferEntity;
import java.io.IOException;

/**
 * An entity has a property that the CSV file's header, written already, has no column for: writing
 * it would lose that value, so it is not written. JSON Lines has no such limit.
 */
public final class CsvColumnsException extends IOException {
  private static final long serialVersionUID = 1L;

  CsvColumnsException(TransferEntity entity, String property, int headerFrom) {
    super(
        "entity (PartitionKey '"
            + entity.partitionKey()
            + "', RowKey '"
            + entity.rowKey()
            + "') has a property '"
            + property
            + "' that none of the first "
            + String.format(java.util.Locale.ROOT, "%,d", headerFrom)
            + " entities had, and the CSV header is written already; use JSON Lines"
            + " (--format jsonl), which keeps every entity's own properties");
  }
}
