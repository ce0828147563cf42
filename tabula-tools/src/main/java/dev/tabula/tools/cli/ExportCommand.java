package dev.tabula.tools.cli;

import dev.tabula.tools.client.ConnectionString;
import dev.tabula.tools.client.TableClient;
import dev.tabula.tools.format.EntityFiles;
import dev.tabula.tools.format.FileFormat;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code tabula export}: one table into a file (or standard output), or several tables into a
 * folder, one file each. Each file is written under {@code NAME.partial} and renamed when whole, so
 * an interrupted or failed export never leaves a file that looks complete.
 */
@Command(
    name = "export",
    mixinStandardHelpOptions = true,
    description = "Write the entities of tables to JSON Lines or CSV files, types preserved.")
public final class ExportCommand implements Callable<Integer> {
  @Mixin ConnectionOptions connection = new ConnectionOptions();

  @Option(
      names = "--table",
      paramLabel = "TABLE",
      description = "A table to export; give it several times to export several into a folder.")
  List<String> tables = new ArrayList<>();

  @Option(names = "--all", description = "Export every table of the account into a folder.")
  boolean all;

  @Option(
      names = {"-o", "--output"},
      required = true,
      paramLabel = "FILE|DIR|-",
      description =
          "The file to write (- for standard output), or the folder for --all and several"
              + " --table (one TABLE.jsonl or TABLE.csv each; created if absent).")
  String output = "";

  @Option(
      names = "--format",
      paramLabel = "jsonl|csv",
      description = "The file format; default: csv for a FILE ending in .csv, else jsonl.")
  @Nullable String format;

  @Option(names = "--filter", description = "Export only the entities this OData $filter selects.")
  @Nullable String filter;

  @Option(
      names = "--progress",
      paramLabel = "auto|bar|lines|none",
      description =
          "How progress shows on standard error: a bar on a terminal and a line every 5 s"
              + " otherwise (auto, the default), or always bar, lines, or none.")
  String progress = "auto";

  @Override
  public Integer call() throws IOException {
    Progress.Mode mode = Choices.progress(progress);
    ConnectionString target = connection.resolve();
    if (all == !tables.isEmpty()) {
      throw new ToolError(all ? "give --all or --table, not both" : "name a --table, or --all");
    }
    boolean toFolder = all || tables.size() > 1;
    if (toFolder && EntityFiles.STANDARD_STREAM.equals(output)) {
      throw new ToolError("--output - takes one table; several tables need a folder");
    }
    FileFormat fileFormat =
        format != null
            ? Choices.fileFormat(format)
            : toFolder ? FileFormat.JSONL : FileFormat.ofFileName(output);
    StopRequest stop = StopRequest.install();
    PrintStream err = System.err;
    try (TableClient client = Endpoints.client(target)) {
      List<String> names = tables;
      if (all) {
        try {
          names = client.listTables();
        } catch (IOException e) {
          throw Endpoints.explain(e, target, "");
        }
      }
      Path folder = toFolder ? folder(output) : null;
      TableExport export = new TableExport(client, target, filter, fileFormat, mode, stop, err);
      for (String table : names) {
        String file =
            folder == null
                ? output
                : folder.resolve(table + "." + fileFormat.extension()).toString();
        if (!export.run(table, file)) {
          return ExitStatus.INTERRUPTED;
        }
      }
      if (toFolder) {
        err.printf(java.util.Locale.ROOT, "exported %,d tables to %s%n", names.size(), output);
      }
    }
    return ExitStatus.DONE;
  }

  private static Path folder(String output) {
    Path folder = Path.of(output);
    if (Files.exists(folder) && !Files.isDirectory(folder)) {
      throw new ToolError(
          "--output " + output + " is a file; --all and several --table need a folder");
    }
    try {
      return Files.createDirectories(folder);
    } catch (IOException e) {
      throw new ToolError("cannot create the folder " + output + ": " + e.getMessage(), e);
    }
  }
}
