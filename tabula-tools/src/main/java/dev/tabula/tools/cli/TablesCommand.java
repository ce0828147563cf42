package dev.tabula.tools.cli;

import dev.tabula.tools.client.ConnectionString;
import dev.tabula.tools.client.TableClient;
import java.io.IOException;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code tabula tables}: the account's tables, one name a line on standard output. */
@Command(
    name = "tables",
    mixinStandardHelpOptions = true,
    description = "List the tables of an account, one name a line.")
public final class TablesCommand implements Callable<Integer> {
  @Mixin ConnectionOptions connection = new ConnectionOptions();

  @Override
  public Integer call() throws IOException {
    ConnectionString target = connection.resolve();
    PrintStream out = System.out;
    try (TableClient client = Endpoints.client(target)) {
      for (String name : client.listTables()) {
        out.println(name);
      }
    } catch (IOException e) {
      throw Endpoints.explain(e, target, "");
    }
    out.flush();
    return ExitStatus.DONE;
  }
}
