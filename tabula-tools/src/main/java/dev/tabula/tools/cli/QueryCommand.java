package dev.tabula.tools.cli;

import dev.tabula.tools.client.ConnectionString;
import dev.tabula.tools.client.EntityCursor;
import dev.tabula.tools.client.EntityQuery;
import dev.tabula.tools.client.TableClient;
import dev.tabula.tools.format.EntityFiles;
import dev.tabula.tools.format.EntityWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code tabula query}: a table's entities on standard output, for people or for other tools. */
@Command(
    name = "query",
    mixinStandardHelpOptions = true,
    description = "Print the entities of a table (all, or those a filter selects).")
public final class QueryCommand implements Callable<Integer> {
  @Mixin ConnectionOptions connection = new ConnectionOptions();

  @Option(names = "--table", required = true, description = "The table to read.")
  String table = "";

  @Option(
      names = "--filter",
      description = "An OData $filter, as the service takes it: \"Age gt 30 and Name eq 'Ann'\".")
  @Nullable String filter;

  @Option(
      names = "--select",
      paramLabel = "NAMES",
      description = "The properties to show, comma-separated (the keys are always shown).")
  @Nullable String select;

  @Option(names = "--top", description = "Show at most this many entities (default: all).")
  long top;

  @Option(
      names = "--format",
      paramLabel = "table|jsonl|csv",
      description =
          "table (aligned columns, the default), jsonl or csv (the file formats of export).")
  String format = "table";

  @Option(
      names = "--count",
      description =
          "Print only how many entities the filter selects, counted by the server without sending"
              + " them (Tabula's count extension; not on Azure).")
  boolean count;

  @Override
  public Integer call() throws IOException {
    if (top < 0) {
      throw new ToolError("--top must be 0 or more, not " + top);
    }
    PrintStream out =
        new PrintStream(EntityFiles.unclosable(System.out), false, StandardCharsets.UTF_8);
    ConnectionString target = connection.resolve();
    if (count) {
      return count(out, target);
    }
    EntityWriter writer = writer(out);
    try (TableClient client = Endpoints.client(target);
        EntityCursor cursor = client.query(table, new EntityQuery(filter, select, top))) {
      while (cursor.hasNext()) {
        writer.write(cursor.next());
      }
    } catch (IOException e) {
      out.flush(); // what was printed stays; no header or page is made up after a failure
      throw Endpoints.explain(e, target, table);
    }
    writer.close();
    return ExitStatus.DONE;
  }

  /** {@code --count}: the total, one line; the server's refusal is explained as any other. */
  private int count(PrintStream out, ConnectionString target) throws IOException {
    if (select != null || top != 0) {
      throw new ToolError("--count takes no --select or --top: it counts every match");
    }
    try (TableClient client = Endpoints.client(target)) {
      out.println(client.count(table, filter));
    } catch (IOException e) {
      throw Endpoints.explain(e, target, table);
    }
    out.flush();
    return ExitStatus.DONE;
  }

  private EntityWriter writer(PrintStream out) throws IOException {
    if ("table".equals(format.toLowerCase(Locale.ROOT))) {
      return new AlignedTextWriter(out);
    }
    try {
      return EntityFiles.writer(Choices.fileFormat(format), out);
    } catch (ToolError e) {
      throw new ToolError("--format must be one of table, jsonl, csv, not '" + format + "'");
    }
  }
}
