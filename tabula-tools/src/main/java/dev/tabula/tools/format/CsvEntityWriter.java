package dev.tabula.tools.format;

import dev.tabula.tools.entity.TransferEntity;
import dev.tabula.tools.entity.TypedProperty;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.jspecify.annotations.Nullable;

/**
 * Writes entities as CSV in the {@link CsvLayout} (UTF-8, RFC 4180 quoting, CRLF row ends; a value
 * with a comma, quote or line end is quoted, so it reads back exactly).
 *
 * <p>A CSV file has one header, but the entities of a table need not share their properties. The
 * writer holds back the first {@value #SAMPLE_ENTITIES} entities (or fewer, up to {@value
 * #SAMPLE_CHARS} characters of values) and writes the header from every property name they have, in
 * the order first seen; then those rows, then the rest as they come. The type cell of each row says
 * that row's type, so a column may hold different types on different rows. An entity that comes
 * after the header and has a property the header lacks cannot be written without losing that value:
 * {@link #write} refuses it with a {@link CsvColumnsException} (JSON Lines has no such limit).
 * Memory stays bounded by the sample whatever the table's size.
 */
public final class CsvEntityWriter implements EntityWriter {
  /** How many entities decide the header at most. */
  static final int SAMPLE_ENTITIES = 1000;

  /** How many characters of values the held-back entities may take at most. */
  static final long SAMPLE_CHARS = 16L * 1024 * 1024;

  private final BufferedWriter out;
  private final List<TransferEntity> sample = new ArrayList<>();
  private long sampleChars;
  private @Nullable CSVPrinter printer;
  private final Map<String, Integer> columnOf = new HashMap<>();
  private int propertyColumns;
  private int headerFrom;

  /** A writer to a stream; closing closes it. */
  public CsvEntityWriter(OutputStream target) {
    this.out =
        new BufferedWriter(new OutputStreamWriter(target, StandardCharsets.UTF_8), 64 * 1024);
  }

  @Override
  public void write(TransferEntity entity) throws IOException {
    CSVPrinter csv = printer;
    if (csv == null) {
      sample.add(entity);
      sampleChars += size(entity);
      if (sample.size() >= SAMPLE_ENTITIES || sampleChars >= SAMPLE_CHARS) {
        writeHeaderAndSample();
      }
      return;
    }
    writeRow(csv, entity);
  }

  private static long size(TransferEntity entity) {
    long chars = entity.partitionKey().length() + entity.rowKey().length();
    for (TypedProperty property : entity.properties()) {
      chars += property.name().length() + property.text().length();
    }
    return chars;
  }

  private CSVPrinter writeHeaderAndSample() throws IOException {
    Set<String> names = new LinkedHashSet<>();
    for (TransferEntity entity : sample) {
      for (TypedProperty property : entity.properties()) {
        names.add(property.name());
      }
    }
    List<String> header =
        new ArrayList<>(List.of(CsvLayout.PARTITION_KEY, CsvLayout.ROW_KEY, CsvLayout.TIMESTAMP));
    for (String name : names) {
      columnOf.put(name, propertyColumns++);
      header.add(name);
      header.add(CsvLayout.typeColumn(name));
    }
    headerFrom = sample.size();
    CSVPrinter csv = new CSVPrinter(out, CSVFormat.RFC4180);
    csv.printRecord(header);
    printer = csv;
    for (TransferEntity entity : sample) {
      writeRow(csv, entity);
    }
    sample.clear();
    return csv;
  }

  private void writeRow(CSVPrinter csv, TransferEntity entity) throws IOException {
    String[] cells = new String[3 + 2 * propertyColumns];
    java.util.Arrays.fill(cells, "");
    cells[0] = entity.partitionKey();
    cells[1] = entity.rowKey();
    String timestamp = entity.timestamp();
    cells[2] = timestamp == null ? "" : timestamp;
    for (TypedProperty property : entity.properties()) {
      Integer column = columnOf.get(property.name());
      if (column == null) {
        throw new CsvColumnsException(entity, property.name(), headerFrom);
      }
      cells[3 + 2 * column] = property.text();
      cells[4 + 2 * column] = property.type().wireName();
    }
    csv.printRecord((Object[]) cells);
  }

  @Override
  public void close() throws IOException {
    CSVPrinter csv = printer;
    if (csv == null) {
      csv = writeHeaderAndSample();
    }
    csv.close(true);
  }
}
