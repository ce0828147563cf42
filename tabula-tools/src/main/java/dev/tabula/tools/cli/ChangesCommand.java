package dev.tabula.tools.cli;

import dev.tabula.tools.client.ChangesPage;
import dev.tabula.tools.client.ConnectionString;
import dev.tabula.tools.client.TableClient;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code tabula changes}: a table's change feed (Tabula's extension) on standard output, one change
 * a line as JSON; with {@code --follow}, by long polls until the table is deleted or the command is
 * stopped. The token to resume with goes to standard error at the end of each page read.
 */
@Command(
    name = "changes",
    mixinStandardHelpOptions = true,
    description =
        "Print a table's committed changes (Tabula's change feed; not on Azure), one JSON line"
            + " each.")
public final class ChangesCommand implements Callable<Integer> {
  /** How long each poll of a follow waits on the server for a change. */
  static final int FOLLOW_POLL_SECONDS = 30;

  @Mixin ConnectionOptions connection = new ConnectionOptions();

  @Option(names = "--table", required = true, description = "The table whose feed to read.")
  String table = "";

  @Option(
      names = "--after",
      paramLabel = "TOKEN",
      description = "Start after this token (printed by an earlier run); default: the oldest.")
  @Nullable String after;

  @Option(
      names = "--follow",
      description = "Keep waiting for new changes until the table is deleted or Ctrl-C.")
  boolean follow;

  @Override
  public Integer call() throws IOException {
    PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    ConnectionString target = connection.resolve();
    String position = after;
    try (TableClient client = Endpoints.client(target)) {
      while (true) {
        ChangesPage page = client.changes(table, position, follow ? FOLLOW_POLL_SECONDS : 0);
        page.changes().forEach(out::println);
        out.flush();
        position = page.next();
        System.err.println("next: " + position);
        if (page.tableDeleted() || (!follow && page.changes().isEmpty())) {
          return ExitStatus.DONE;
        }
      }
    } catch (IOException e) {
      out.flush();
      throw Endpoints.explain(e, target, table);
    }
  }
}
