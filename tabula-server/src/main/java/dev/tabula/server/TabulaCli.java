package dev.tabula.server;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code tabula} command line; {@code tabula serve} runs the server. */
@Command(
    name = "tabula",
    mixinStandardHelpOptions = true,
    versionProvider = TabulaVersion.class,
    description = "A self-hostable table service that speaks the Azure Table Storage REST API.",
    subcommands = {ServeCommand.class})
public final class TabulaCli {

  /**
   * Runs the command line and exits with its status (except for {@code serve}, which keeps
   * running).
   */
  public static void main(String[] args) {
    int status = new CommandLine(new TabulaCli()).execute(args);
    if (status != 0 || args.length == 0 || !args[0].equals("serve")) {
      System.exit(status);
    }
  }
}
