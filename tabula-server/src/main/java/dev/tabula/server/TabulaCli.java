package dev.tabula.server;

import dev.tabula.server.backup.BackupCommand;
import dev.tabula.server.backup.RestoreCommand;
import dev.tabula.tools.cli.ChangesCommand;
import dev.tabula.tools.cli.CopyCommand;
import dev.tabula.tools.cli.ExportCommand;
import dev.tabula.tools.cli.ImportCommand;
import dev.tabula.tools.cli.QueryCommand;
import dev.tabula.tools.cli.SettingsCommand;
import dev.tabula.tools.cli.TablesCommand;
import dev.tabula.tools.cli.ToolError;
import java.io.IOException;
import java.util.List;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The {@code tabula} command line; {@code tabula serve} runs the server.
 *
 * <p>Exit statuses: 0 when a command ends normally (for {@code serve}, after a stop by SIGTERM or
 * SIGINT); 1 for an unexpected failure, printed with its stack trace; 2 for an operator mistake (a
 * usage error, a setting, file, port or data directory that cannot be used), printed as one line on
 * standard error; 3 when the RocksDB write-ahead log lost acknowledged writes ({@link
 * StartupFailures}).
 */
@Command(
    name = "tabula",
    mixinStandardHelpOptions = true,
    versionProvider = TabulaVersion.class,
    description = "A self-hostable table service that speaks the Azure Table Storage REST API.",
    subcommands = {
      ServeCommand.class,
      TablesCommand.class,
      QueryCommand.class,
      SettingsCommand.class,
      ChangesCommand.class,
      ExportCommand.class,
      ImportCommand.class,
      CopyCommand.class,
      BackupCommand.class,
      RestoreCommand.class
    })
public final class TabulaCli {

  /** Runs the command line and exits with its status. */
  public static void main(String[] args) {
    System.exit(run(args));
  }

  /** Runs the command line; returns its exit status. */
  public static int run(String[] args) {
    return new CommandLine(new TabulaCli())
        .setCaseInsensitiveEnumValuesAllowed(true) // --progress none, as the help writes it
        .setParameterExceptionHandler(TabulaCli::usageError)
        .setExecutionExceptionHandler(TabulaCli::failed)
        .execute(args);
  }

  /**
   * A usage error (an unknown option, a value of the wrong type) in one line, instead of picocli's
   * message followed by the whole usage help; the status is picocli's for invalid input, 2.
   */
  private static int usageError(ParameterException e, String[] args) {
    CommandLine command = e.getCommandLine();
    String line = "tabula: " + OperatorError.oneLine(String.valueOf(e.getMessage()));
    if (e instanceof UnmatchedArgumentException unmatched) {
      List<String> suggestions = unmatched.getSuggestions();
      if (!suggestions.isEmpty()) {
        line += "; did you mean " + String.join(" or ", suggestions) + "?";
      }
    }
    command
        .getErr()
        .println(line + " (see '" + command.getCommandSpec().qualifiedName() + " --help')");
    command.getErr().flush();
    return command.getCommandSpec().exitCodeOnInvalidInput();
  }

  /**
   * An {@link OperatorError} as its one line (with the stack trace only under {@code --debug} or
   * {@code TABULA_DEBUG=true}) and status 2; anything else is unexpected: its stack trace and 1.
   */
  private static int failed(Exception e, CommandLine command, ParseResult parsed) {
    if (e instanceof ToolError || e instanceof IOException) {
      return toolFailed(e, command);
    }
    if (!(e instanceof OperatorError)) {
      e.printStackTrace(command.getErr());
      command.getErr().flush();
      return 1;
    }
    command.getErr().println(e.getMessage());
    if (debug(command)) {
      e.printStackTrace(command.getErr());
    }
    command.getErr().flush();
    return OperatorError.EXIT_STATUS;
  }

  /**
   * A data command's failure as one line naming the command: a {@link ToolError} (the user's
   * mistake, status 2), or an I/O failure that outlasted the client's retries (an endpoint that
   * cannot be reached, a service refusal, a file that cannot be written; status 1).
   */
  private static int toolFailed(Exception e, CommandLine command) {
    String name = command.getCommandSpec().qualifiedName();
    command.getErr().println(name + ": " + OperatorError.oneLine(String.valueOf(e.getMessage())));
    if (debugAsked(null)) {
      e.printStackTrace(command.getErr());
    }
    command.getErr().flush();
    return e instanceof ToolError ? ToolError.EXIT_STATUS : 1;
  }

  private static boolean debug(CommandLine command) {
    return command.getCommand() instanceof ServeCommand serve
        ? debugAsked(serve)
        : debugAsked(null);
  }

  /** Whether stack traces were asked for: {@code --debug}, or {@code TABULA_DEBUG=true}. */
  static boolean debugAsked(@Nullable ServeCommand serve) {
    String env = System.getenv("TABULA_DEBUG");
    return (serve != null && serve.debug) || "true".equalsIgnoreCase(env) || "1".equals(env);
  }
}
