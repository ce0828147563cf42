package dev.tabula.bench.load;

import dev.tabula.bench.load.HttpConnection.Response;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Gives a table Tabula's settings (docs/extensions.md, "settings") and, when they declare indexes,
 * waits until every index is built, so that a run measures the table as its settings make it.
 * Stateless.
 */
final class TableSettingsApply {
  private TableSettingsApply() {}

  /** Puts the settings; fails unless the server takes them (204). */
  static void put(TableConnection admin, String table, String json) throws IOException {
    Response set =
        // The comp parameter is part of the path SharedKey signs ("?comp=..." of the canonicalized
        // resource), so it goes in the path rather than in the query the signer leaves out.
        admin.send(
            "PUT",
            table + "?comp=tabula-settings",
            null,
            "application/json",
            json.getBytes(StandardCharsets.UTF_8),
            "x-tabula-extensions: settings");
    if (set.status() != 204) {
      throw new IOException(
          "Set Table Settings " + table + " answered " + set.status() + ": " + set.bodyText(200));
    }
  }

  /**
   * Puts the settings, then polls them until no index is {@code building}.
   *
   * @return how long the indexes took to build, from the put
   */
  static Duration putAndAwaitIndexes(
      TableConnection admin, String table, String json, Duration budget)
      throws IOException, InterruptedException {
    long start = System.nanoTime();
    put(admin, table, json);
    while (true) {
      Response settings =
          admin.sendToComponent(
              "GET", table, "tabula-settings", null, "x-tabula-extensions: settings");
      if (settings.status() != 200) {
        throw new IOException("Get Table Settings answered " + settings.status());
      }
      if (!settings.bodyText(1 << 16).contains("\"building\"")) {
        return Duration.ofNanos(System.nanoTime() - start);
      }
      if (System.nanoTime() - start > budget.toNanos()) {
        throw new IOException("the indexes of " + table + " were not built within " + budget);
      }
      Thread.sleep(100);
    }
  }
}
