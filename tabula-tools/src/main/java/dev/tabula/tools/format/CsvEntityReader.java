package dev.tabula.tools.format;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.jspecify.annotations.Nullable;

/**
 * Reads CSV in the {@link CsvLayout}: the first row is the header, each other row one entity (a
 * quoted value may span several lines; a row's number is the line it starts on, the header being
 * line 1). Blank lines are skipped; a UTF-8 byte order mark (Excel writes one) is skipped. A row
 * that is not an entity (a cell count other than the header's, an unknown type, a value that is not
 * of its type, broken quoting) comes back as unreadable and the next row is read. Only a row longer
 * than {@value #MAX_ROW_CHARS} characters (an unclosed quote, most likely) ends the reading: what
 * follows cannot be told apart from it without holding it all.
 */
public final class CsvEntityReader implements EntityReader {
  static final int MAX_ROW_CHARS = 16 * 1024 * 1024;

  private final CountingInputStream counted;
  private final RowLimitedReader chars;
  private final CSVParser parser;
  private final Iterator<CSVRecord> records;
  private @Nullable CsvHeader header;
  private boolean ended;

  /** A reader of a stream of UTF-8; closing closes it. */
  public CsvEntityReader(InputStream source) throws IOException {
    this.counted = new CountingInputStream(source);
    this.chars =
        new RowLimitedReader(
            new InputStreamReader(ByteOrderMark.skip(counted), StandardCharsets.UTF_8),
            MAX_ROW_CHARS);
    this.parser =
        CSVParser.builder()
            .setReader(chars)
            .setFormat(CSVFormat.RFC4180.builder().setIgnoreEmptyLines(false).get())
            .get();
    this.records = parser.iterator();
  }

  @Override
  public @Nullable NumberedEntity next() throws IOException {
    while (!ended) {
      long line = parser.getCurrentLineNumber() + 1;
      chars.startRow();
      CSVRecord record;
      try {
        if (!records.hasNext()) {
          ended = true;
          return null;
        }
        record = records.next();
      } catch (UncheckedIOException e) {
        if (e.getCause() instanceof RowLimitedReader.RowTooLongException tooLong) {
          ended = true;
          return NumberedEntity.unreadable(line, String.valueOf(tooLong.getMessage()));
        }
        if (header == null) {
          throw new IOException("line 1: the header row is not CSV: " + cause(e), e);
        }
        return NumberedEntity.unreadable(line, "not CSV: " + cause(e));
      }
      if (record.size() == 1 && record.get(0).isEmpty()) {
        continue; // a blank line
      }
      CsvHeader columns = header;
      if (columns == null) {
        header = CsvHeader.of(record);
        continue;
      }
      return columns.entity(line, record);
    }
    return null;
  }

  private static String cause(UncheckedIOException e) {
    Throwable cause = e.getCause();
    return String.valueOf(cause == null ? e.getMessage() : cause.getMessage());
  }

  @Override
  public long bytesRead() {
    return counted.count();
  }

  @Override
  public void close() throws IOException {
    parser.close();
  }
}
