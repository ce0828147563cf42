package dev.tabula.tools.cli;

import dev.tabula.tools.client.ConnectionString;
import dev.tabula.tools.client.TableClient;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code tabula settings}: a table's extension settings (Tabula's {@code ?comp=tabula-settings},
 * docs/extensions.md), printed, and changed first when an option asks. The other settings are kept:
 * the command reads them and writes them back with the ones it changes (the server replaces every
 * setting on a write, so an index not sent back would be dropped).
 */
@Command(
    name = "settings",
    mixinStandardHelpOptions = true,
    description = {
      "Show a table's Tabula extension settings (time-to-live, change feed, secondary"
          + " indexes), and change them first with --ttl, --index, --drop-index and"
          + " --rebuild-index; the other"
          + " settings are kept. Not on Azure."
    })
public final class SettingsCommand implements Callable<Integer> {
  @Mixin ConnectionOptions connection = new ConnectionOptions();

  @Option(names = "--table", required = true, description = "The table.")
  String table = "";

  @Option(
      names = "--ttl",
      paramLabel = "off|on|SECONDS",
      description =
          "Time-to-live: off; on (only entities with a TabulaExpiresAt expire); or SECONDS, the"
              + " default life of an entity after its last write (1 to 2147483647).")
  @Nullable String ttl;

  @Option(
      names = "--index",
      paramLabel = "NAME=PROPERTY",
      description =
          "Declare the secondary index NAME on the property PROPERTY; repeatable. An index the"
              + " table has on that property is kept as it is; one on another property is rebuilt;"
              + " a new one is built in the background (state building, then ready) and queries use"
              + " it once ready.")
  List<String> indexes = new ArrayList<>();

  @Option(
      names = "--drop-index",
      paramLabel = "NAME",
      description = "Drop the secondary index NAME; repeatable.")
  List<String> droppedIndexes = new ArrayList<>();

  @Option(
      names = "--rebuild-index",
      paramLabel = "NAME",
      description =
          "Build the secondary index NAME again from the table's entities: it is dropped (its"
              + " entries deleted) and declared again, so it is building until the new build ends;"
              + " repeatable. The repair for a Cassandra index (docs/extensions.md).")
  List<String> rebuiltIndexes = new ArrayList<>();

  @Override
  public Integer call() throws IOException {
    @Nullable Long seconds = ttl == null ? null : timeToLive(ttl);
    IndexChanges indexChanges = IndexChanges.of(indexes, droppedIndexes);
    ConnectionString target = connection.resolve();
    PrintStream out = System.out;
    try (TableClient client = Endpoints.client(target)) {
      TableSettingsDocument settings = TableSettingsDocument.parse(client.tableSettings(table));
      if (ttl != null || !indexChanges.isEmpty() || !rebuiltIndexes.isEmpty()) {
        if (ttl != null) {
          settings = settings.withTimeToLive(seconds);
        }
        if (!indexChanges.isEmpty()) {
          settings = settings.withIndexes(indexChanges.applyTo(settings.indexes(), table));
        }
        if (!rebuiltIndexes.isEmpty()) {
          // Dropped first, then declared again: the server builds them anew under new ids.
          List<TableIndex> kept = IndexChanges.without(settings.indexes(), rebuiltIndexes, table);
          client.setTableSettings(table, settings.withIndexes(kept).json());
        }
        client.setTableSettings(table, settings.json());
        settings = TableSettingsDocument.parse(client.tableSettings(table));
      }
      out.println(settings.describe());
    } catch (IOException e) {
      throw Endpoints.explain(e, target, table);
    }
    out.flush();
    return ExitStatus.DONE;
  }

  /** {@code --ttl}'s value as the document's: null for off, -1 for on, else the seconds. */
  static @Nullable Long timeToLive(String value) {
    String v = value.strip().toLowerCase(Locale.ROOT);
    if (v.equals("off")) {
      return null;
    }
    if (v.equals("on")) {
      return -1L;
    }
    try {
      long seconds = Long.parseLong(v);
      if (seconds >= 1 && seconds <= Integer.MAX_VALUE) {
        return seconds;
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new ToolError(
        "--ttl must be off, on or a number of seconds from 1 to 2147483647, not '" + value + "'");
  }
}
