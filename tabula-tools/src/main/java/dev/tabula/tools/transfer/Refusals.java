package dev.tabula.tools.transfer;

import dev.tabula.tools.client.BatchOutcome;
import dev.tabula.tools.entity.SourceEntity;
import dev.tabula.tools.format.EntityWriter;
import dev.tabula.tools.format.NumberedEntity;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.function.LongFunction;
import org.jspecify.annotations.Nullable;

/**
 * Reports each row that was not written, one line on standard error naming the row (its line, or
 * its ordinal in a copy's source) and the service's answer, and writes the refused entity to the
 * errors file when there is one, so that a user can fix the rows and import that file. Thread-safe.
 */
public final class Refusals implements AutoCloseable {
  private final PrintStream err;
  private final LongFunction<String> rowName;
  private final @Nullable EntityWriter errors;

  /**
   * @param err where each refusal is reported
   * @param rowName how a row is named ({@code line 12}, {@code entity 12 of orders})
   * @param errors where refused entities are written as well, or null
   */
  public Refusals(PrintStream err, LongFunction<String> rowName, @Nullable EntityWriter errors) {
    this.err = err;
    this.rowName = rowName;
    this.errors = errors;
  }

  /** A row the service refused. */
  synchronized void refused(Row row, BatchOutcome outcome) {
    SourceEntity entity = row.entity();
    StringBuilder line = new StringBuilder(rowName.apply(row.number())).append(": ");
    line.append(outcome.status());
    if (outcome.code() != null) {
      line.append(' ').append(outcome.code());
    }
    if (outcome.message() != null) {
      line.append(": ").append(outcome.message());
    }
    line.append(" (PartitionKey=")
        .append(quoted(entity.partitionKey()))
        .append(", RowKey=")
        .append(quoted(entity.rowKey()))
        .append(')');
    err.println(line);
    err.flush();
    EntityWriter writer = errors;
    if (writer != null) {
      try {
        writer.write(entity.values());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** A row that could not be read as an entity. */
  synchronized void unreadable(NumberedEntity row) {
    err.println(rowName.apply(row.line()) + ": not an entity: " + row.error());
    err.flush();
  }

  /** A key as an OData string literal, so that quotes and spaces in it stay visible. */
  static String quoted(String key) {
    return "'" + key.replace("'", "''") + "'";
  }

  @Override
  public synchronized void close() throws IOException {
    EntityWriter writer = errors;
    if (writer != null) {
      writer.close();
    }
  }
}
