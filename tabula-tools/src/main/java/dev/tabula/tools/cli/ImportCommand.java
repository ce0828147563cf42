package dev.tabula.tools.cli;

import dev.tabula.tools.client.ConnectionString;
import dev.tabula.tools.client.TableClient;
import dev.tabula.tools.format.EntityFiles;
import dev.tabula.tools.format.EntityReader;
import dev.tabula.tools.format.EntityWriter;
import dev.tabula.tools.format.FileFormat;
import dev.tabula.tools.format.JsonLinesWriter;
import dev.tabula.tools.format.NumberedEntity;
import dev.tabula.tools.transfer.Refusals;
import dev.tabula.tools.transfer.RowSource;
import dev.tabula.tools.transfer.StateFile;
import dev.tabula.tools.transfer.TransferPipeline;
import dev.tabula.tools.transfer.WriteMode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code tabula import}: writes the entities of a file into a table, in entity group transactions
 * of consecutive entities of one partition, several in flight; a refused row is reported by its
 * line and the others go on; an interrupted import goes on with {@code --resume}.
 */
@Command(
    name = "import",
    mixinStandardHelpOptions = true,
    description = {
      "Writes the entities of a JSON Lines file into a table (created when absent).",
      "Exit status: 0 every row written, 1 some rows refused (each reported with its line),"
          + " 2 a usage mistake, 130 interrupted (go on with --resume)."
    })
public final class ImportCommand implements Callable<Integer> {
  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);
  private static final long MIB = 1024 * 1024;

  @Mixin ConnectionOptions connection = new ConnectionOptions();

  @Mixin TransferOptions transfer = new TransferOptions();

  @Option(
      names = {"-t", "--table"},
      required = true,
      paramLabel = "TABLE",
      description = "The table to write into.")
  String table = "";

  @Option(
      names = {"-i", "--input"},
      required = true,
      paramLabel = "FILE",
      description = "The file to read: JSON Lines or CSV, as tabula export writes them.")
  Path input = Path.of("");

  @Option(
      names = "--format",
      paramLabel = "jsonl|csv",
      description = "The input's format. Default: csv for a .csv file, jsonl otherwise.")
  @Nullable String format;

  @Option(
      names = "--errors",
      paramLabel = "FILE",
      description =
          "Also write the refused rows' entities to FILE (JSON Lines), to fix and import.")
  @Nullable Path errors;

  @Option(
      names = "--resume",
      description = "Go on with an interrupted import of the same file into the same table.")
  boolean resume;

  @Override
  public Integer call() throws IOException {
    WriteMode mode = transfer.writeMode();
    int concurrency = transfer.concurrency();
    Progress.Mode progressMode = transfer.progressMode();
    FileFormat inputFormat = inputFormat();
    if (!Files.isRegularFile(input) || !Files.isReadable(input)) {
      throw new ToolError("--input " + input + ": no such readable file");
    }
    ConnectionString target = connection.resolve();
    StateFile.Identity identity =
        new StateFile.Identity(
            Files.size(input),
            Files.getLastModifiedTime(input).toMillis(),
            target.endpoint().toString(),
            table,
            mode.optionName());
    ImportResumption resumption = ImportResumption.open(StateFile.beside(input), identity, resume);
    PrintStream err = System.err;
    TableClient client = new TableClient(target, REQUEST_TIMEOUT);
    try {
      client.createTableIfAbsent(table);
    } catch (IOException e) {
      throw Endpoints.explain(e, target, table);
    }
    StopSignal stop = StopSignal.install();
    TransferPipeline.Result result;
    try (Refusals refusals = new Refusals(err, line -> "line " + line, errorsWriter());
        EntityReader reader = EntityFiles.reader(inputFormat, Files.newInputStream(input));
        Progress progress =
            Progress.start(progressMode, err, "import " + table, "MiB", identity.size(), MIB)) {
      TransferPipeline pipeline =
          new TransferPipeline(
              client,
              new TransferPipeline.Settings(table, mode.kind(), concurrency, transfer.failFast),
              refusals,
              new TransferPipeline.Meter(progress::step, progress::note),
              stop);
      try {
        result = pipeline.run(source(reader), resumption.from(), resume, resumption::save);
      } catch (IOException e) {
        progress.close();
        throw new IOException(e.getMessage() + "; run the same command with --resume to go on", e);
      }
    }
    return ended(result, resumption, err);
  }

  private int ended(TransferPipeline.Result result, ImportResumption resumption, PrintStream err)
      throws IOException {
    if (result.interrupted()) {
      err.println(
          "stopped at line "
              + result.doneBelow()
              + "; run the same command with --resume to go on");
      err.flush();
      return ExitStatus.INTERRUPTED;
    }
    resumption.finished();
    if (result.failedFast()) {
      err.println("stopped at the first refused row (--fail-fast)");
    }
    err.println(result.summary("import into " + table));
    err.flush();
    return result.refused() > 0 || result.failedFast() ? ExitStatus.PARTIAL : ExitStatus.DONE;
  }

  /** The format asked for, or the one the file's name implies. */
  private FileFormat inputFormat() {
    return format == null ? FileFormat.ofFileName(input.getFileName().toString()) : parse(format);
  }

  private static FileFormat parse(String name) {
    for (FileFormat known : FileFormat.values()) {
      if (known.extension().equalsIgnoreCase(name)) {
        return known;
      }
    }
    throw new ToolError("--format " + name + ": use jsonl or csv");
  }

  private @Nullable EntityWriter errorsWriter() throws IOException {
    Path target = errors;
    if (target == null) {
      return null;
    }
    // A resumed import adds to the refusals of the run it goes on with.
    OpenOption[] options =
        resume
            ? new OpenOption[] {StandardOpenOption.CREATE, StandardOpenOption.APPEND}
            : new OpenOption[] {
              StandardOpenOption.CREATE,
              StandardOpenOption.TRUNCATE_EXISTING,
              StandardOpenOption.WRITE
            };
    return new JsonLinesWriter(Files.newOutputStream(target, options));
  }

  private static RowSource source(EntityReader reader) {
    return new RowSource() {
      @Override
      public @Nullable NumberedEntity next() throws IOException {
        return reader.next();
      }

      @Override
      public long position() {
        return reader.bytesRead();
      }
    };
  }
}
