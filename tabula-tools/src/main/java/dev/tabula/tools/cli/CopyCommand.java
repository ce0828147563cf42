package dev.tabula.tools.cli;

import dev.tabula.tools.client.ConnectionString;
import dev.tabula.tools.client.EntityCursor;
import dev.tabula.tools.client.EntityQuery;
import dev.tabula.tools.client.TableClient;
import dev.tabula.tools.format.NumberedEntity;
import dev.tabula.tools.transfer.Refusals;
import dev.tabula.tools.transfer.RowSource;
import dev.tabula.tools.transfer.TransferPipeline;
import dev.tabula.tools.transfer.WriteMode;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code tabula copy}: streams tables from one endpoint into another, page by page, through the
 * same transactions as an import; no file in between.
 */
@Command(
    name = "copy",
    mixinStandardHelpOptions = true,
    description = {
      "Copies tables from one endpoint to another (Tabula, Azurite or Azure), without a file.",
      "Exit status: 0 every entity written, 1 some refused (each reported), 2 a usage mistake,"
          + " 130 interrupted."
    })
public final class CopyCommand implements Callable<Integer> {
  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

  @Option(
      names = "--from",
      required = true,
      paramLabel = "CONNECTION_STRING",
      description = "The source endpoint's connection string.")
  String from = "";

  @Option(
      names = "--to",
      required = true,
      paramLabel = "CONNECTION_STRING",
      description = "The destination endpoint's connection string.")
  String to = "";

  @ArgGroup(multiplicity = "1")
  Tables tables = new Tables();

  /** Which tables: named ones, or all of the source's. */
  static final class Tables {
    @Option(
        names = {"-t", "--table"},
        paramLabel = "TABLE",
        description = "A table to copy (repeatable).")
    List<String> named = new ArrayList<>();

    @Option(names = "--all", description = "Copy every table of the source.")
    boolean all;
  }

  @Option(
      names = "--to-table",
      paramLabel = "NAME",
      description = "The destination table's name, when one --table is copied. Default: the same.")
  @Nullable String toTable;

  @Option(
      names = "--filter",
      paramLabel = "FILTER",
      description = "Copy only the entities an OData $filter selects.")
  @Nullable String filter;

  @Mixin TransferOptions transfer = new TransferOptions();

  @Override
  public Integer call() throws IOException {
    WriteMode mode = transfer.writeMode();
    int concurrency = transfer.concurrency();
    Progress.Mode progressMode = transfer.progressMode();
    if (toTable != null && (tables.all || tables.named.size() != 1)) {
      throw new ToolError("--to-table goes with exactly one --table");
    }
    ConnectionString sourceAt = ConnectionOptions.parse(from, "--from");
    ConnectionString targetAt = ConnectionOptions.parse(to, "--to");
    TableClient source = new TableClient(sourceAt, REQUEST_TIMEOUT);
    TableClient target = new TableClient(targetAt, REQUEST_TIMEOUT);
    List<String> names = tableNames(source);
    String renamed = toTable;
    for (String name : names) {
      String destination = renamed == null ? name : renamed;
      if (sourceAt.endpoint().equals(targetAt.endpoint()) && name.equals(destination)) {
        throw new ToolError("copy " + name + ": the source and the destination are the same table");
      }
    }
    StopSignal stop = StopSignal.install();
    PrintStream err = System.err;
    boolean refused = false;
    for (String name : names) {
      String destination = renamed == null ? name : renamed;
      createIfAbsent(target, destination);
      TransferPipeline.Result result;
      try (Refusals refusals = new Refusals(err, n -> "entity " + n + " of " + name, null);
          EntityCursor cursor = source.query(name, new EntityQuery(filter, null, 0));
          Progress progress =
              Progress.start(progressMode, err, "copy " + name, "entities", -1, 1)) {
        TransferPipeline pipeline =
            new TransferPipeline(
                target,
                new TransferPipeline.Settings(
                    destination, mode.kind(), concurrency, transfer.failFast),
                refusals,
                new TransferPipeline.Meter(progress::step, progress::note),
                stop);
        result = pipeline.run(rows(cursor));
      }
      err.println(result.summary("copy " + name + " to " + destination));
      refused |= result.refused() > 0 || result.failedFast();
      if (result.interrupted()) {
        err.println("stopped in table " + name + " after " + result.written() + " entities");
        err.flush();
        return ExitStatus.INTERRUPTED;
      }
      if (result.failedFast()) {
        err.println("stopped at the first refused entity (--fail-fast)");
        break;
      }
    }
    err.flush();
    return refused ? ExitStatus.PARTIAL : ExitStatus.DONE;
  }

  /** A query's entities, numbered from 1 in the order the source returns them. */
  private List<String> tableNames(TableClient source) throws IOException {
    try {
      return tables.all ? source.listTables() : tables.named;
    } catch (IOException e) {
      throw Endpoints.explain(e, source.target(), "");
    }
  }

  private static void createIfAbsent(TableClient target, String table) throws IOException {
    try {
      target.createTableIfAbsent(table);
    } catch (IOException e) {
      throw Endpoints.explain(e, target.target(), table);
    }
  }

  private static RowSource rows(EntityCursor cursor) {
    return new RowSource() {
      private long count;

      @Override
      public @Nullable NumberedEntity next() throws IOException {
        if (!cursor.hasNext()) {
          return null;
        }
        return NumberedEntity.of(++count, cursor.next());
      }

      @Override
      public long position() {
        return count;
      }
    };
  }
}
