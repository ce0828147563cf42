package dev.tabula.server.console;

import dev.tabula.protocol.TableProtocol;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.tools.client.BatchOperation;
import dev.tabula.tools.entity.SourceEntity;
import dev.tabula.tools.format.EntityFiles;
import dev.tabula.tools.format.EntityReader;
import dev.tabula.tools.format.FileFormat;
import dev.tabula.tools.format.NumberedEntity;
import dev.tabula.tools.transfer.WriteMode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * {@code POST /console/api/import/{account}/{table}?format=jsonl|csv&mode=insert|merge|replace
 * &firstLine=N&headerBytes=H&last=0|1}: one slice of an entity file the page reads with File.slice.
 * The complete records of the slice ({@link SliceRecords}) are read with the command line's readers
 * and written in entity group transactions of up to 100 consecutive rows of one partition ({@link
 * TableBatches}); the answer {@code {"consumed":bytes,"lines":n,"written":n,
 * "failed":[{"line":n,"code":"...","message":"..."}],"header":bytes}} says how many bytes of the
 * file it took (the page sends the next slice from there, so a cut record is sent again whole),
 * which file lines failed and why (the service's error code, or {@code UnreadableRow}). For CSV the
 * page puts the header record before every slice after the first ({@code headerBytes} says how long
 * it is; the first answer's {@code header} gave it). {@code firstLine} is the file line the slice
 * starts on, so failures name lines of the file. Memory: one slice (at most the console's 4 MiB
 * body).
 */
final class ImportResource implements ConsoleResource {
  static final String PREFIX = "/console/api/import/";
  private static final int MAX_OPERATIONS = 100;

  /** The largest whole number a JavaScript number (the page's line count) holds exactly. */
  private static final long MAX_FIRST_LINE = 1L << 53;

  private final TableProtocol protocol;
  private final ConsoleAccounts accounts;

  ImportResource(TableProtocol protocol, ConsoleAccounts accounts) {
    this.protocol = protocol;
    this.accounts = accounts;
  }

  @Override
  public ConsoleAnswer answer(ServiceRequest request) {
    if (!request.method().equals("POST")) {
      return ConsoleAnswer.methodNotAllowed("POST");
    }
    String[] names = request.rawPath().substring(PREFIX.length()).split("/", -1);
    String format = ExportResource.format(request.queryParameter("format"));
    String modeName = request.queryParameter("mode");
    WriteMode mode = WriteMode.named(modeName == null ? "insert" : modeName).orElse(null);
    if (names.length != 2 || names[1].isEmpty() || format == null || mode == null) {
      return ConsoleAnswer.text(
          400,
          "bad request: "
              + PREFIX
              + "{account}/{table}?format=jsonl|csv&mode=insert|merge|replace");
    }
    if (!accounts.includes(names[0])) {
      return ConsoleAnswer.text(403, "forbidden: the console does not act as " + names[0]);
    }
    try {
      Slice slice = Slice.of(request, format.equals("csv"));
      ServiceResponse table = readTable(names[0], names[1]);
      if (table.status() != 200) {
        // A missing table (or a name the service refuses) is one answer, the service's own, as
        // an export's is: not the same failure repeated for every row of the file.
        return new ConsoleAnswer(table.status(), table.headers(), table.body());
      }
      return ConsoleAnswer.json(200, importSlice(slice, names[0], names[1], format, mode));
    } catch (NumberFormatException e) {
      return ConsoleAnswer.text(
          400,
          "bad request: firstLine (from 1 to 2^53) and headerBytes (from 0) are whole numbers");
    } catch (IOException e) {
      return ConsoleAnswer.text(400, "bad request: " + e.getMessage());
    }
  }

  /**
   * The service's answer to a query of one entity of the table: 200 if it exists, else 404
   * TableNotFound, the code its transactions would meet (Query Table would say ResourceNotFound).
   */
  private ServiceResponse readTable(String account, String table) {
    return ServiceCalls.call(
        protocol,
        "GET",
        "/" + account + "/" + table + "()?$top=1&$select=PartitionKey",
        "application/json;odata=nometadata",
        null,
        new byte[0]);
  }

  /** The slice's bytes and where in the file it is. */
  private record Slice(byte[] body, int from, int end, long firstLine, int header) {
    static Slice of(ServiceRequest request, boolean csv) {
      byte[] body = request.body();
      int from = Math.min(body.length, Integer.parseInt(value(request, "headerBytes", "0")));
      boolean last = "1".equals(request.queryParameter("last"));
      long firstLine = Long.parseLong(value(request, "firstLine", "1"));
      if (from < 0 || firstLine < 1 || firstLine > MAX_FIRST_LINE) {
        // A negative offset would index before the body, and a line past 2^53 is past what the
        // page counts exactly (near Long.MAX_VALUE the lines of failures overflowed to negative):
        // refused as the malformed numbers they are.
        throw new NumberFormatException("headerBytes below 0 or firstLine out of range");
      }
      int end = csv ? SliceRecords.csv(body, from, last) : SliceRecords.jsonLines(body, from, last);
      int header = csv && from == 0 ? SliceRecords.csvFirstRecord(body) : 0;
      return new Slice(body, from, end, firstLine, header);
    }

    private static String value(ServiceRequest request, String name, String otherwise) {
      String value = request.queryParameter(name);
      return value == null ? otherwise : value;
    }
  }

  private byte[] importSlice(
      Slice slice, String account, String table, String format, WriteMode mode) throws IOException {
    TableBatches batches = new TableBatches(protocol, account, table);
    List<TableBatches.Failure> failed = new ArrayList<>();
    List<@Nullable String> messages = new ArrayList<>();
    long lineOffset = slice.firstLine() - 1 - SliceRecords.lines(slice.body(), 0, slice.from());
    int written = 0;
    List<TableBatches.Row> open = new ArrayList<>();
    Set<String> rowKeys = new HashSet<>();
    FileFormat fileFormat = format.equals("csv") ? FileFormat.CSV : FileFormat.JSONL;
    try (EntityReader reader =
        EntityFiles.reader(fileFormat, new ByteArrayInputStream(slice.body(), 0, slice.end()))) {
      for (NumberedEntity row = reader.next(); row != null; row = reader.next()) {
        long line = lineOffset + row.line();
        SourceEntity entity = row.entity();
        if (entity == null) {
          failed.add(new TableBatches.Failure(line, "UnreadableRow"));
          messages.add(String.valueOf(row.error()));
          continue;
        }
        if (!open.isEmpty() && !joins(open, rowKeys, entity)) {
          written += flush(batches, open, rowKeys, failed, messages);
        }
        open.add(new TableBatches.Row(line, new BatchOperation(mode.kind(), entity)));
        rowKeys.add(entity.rowKey());
      }
    }
    written += flush(batches, open, rowKeys, failed, messages);
    return json(slice, written, failed, messages);
  }

  private static boolean joins(List<TableBatches.Row> open, Set<String> rowKeys, SourceEntity e) {
    return open.size() < MAX_OPERATIONS
        && open.get(0).operation().entity().partitionKey().equals(e.partitionKey())
        && !rowKeys.contains(e.rowKey());
  }

  private static int flush(
      TableBatches batches,
      List<TableBatches.Row> open,
      Set<String> rowKeys,
      List<TableBatches.Failure> failed,
      List<@Nullable String> messages) {
    if (open.isEmpty()) {
      return 0;
    }
    int before = failed.size();
    int written = batches.write(open, failed);
    for (int i = before; i < failed.size(); i++) {
      messages.add(null);
    }
    open.clear();
    rowKeys.clear();
    return written;
  }

  private static byte[] json(
      Slice slice,
      int written,
      List<TableBatches.Failure> failed,
      List<@Nullable String> messages) {
    return ConsoleJson.object(
        json -> {
          json.writeNumberField("consumed", slice.end() - slice.from());
          json.writeNumberField(
              "lines", SliceRecords.lines(slice.body(), slice.from(), slice.end()));
          json.writeNumberField("written", written);
          json.writeNumberField("header", slice.header());
          json.writeArrayFieldStart("failed");
          for (int i = 0; i < failed.size(); i++) {
            json.writeStartObject();
            json.writeNumberField("line", failed.get(i).line());
            json.writeStringField("code", failed.get(i).code());
            json.writeStringField("message", messages.get(i));
            json.writeEndObject();
          }
          json.writeEndArray();
        });
  }
}
