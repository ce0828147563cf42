package dev.tabula.bench.load;

import dev.tabula.bench.load.HttpConnection.Response;
import java.io.IOException;
import java.util.List;
import java.util.UUID;

/**
 * A table a write workload creates for one run and deletes afterwards, so that runs and servers
 * start from the same state (Azurite keeps every entity in memory, so tables left behind would slow
 * its later runs).
 *
 * @param name the table's name (a prefix and random letters and digits, as the service allows)
 */
public record ScratchTable(String name) {

  /** A fresh name starting with {@code prefix} (letters only). */
  public static ScratchTable named(String prefix) {
    return new ScratchTable(
        prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 16));
  }

  /** Creates the table; fails when the server does not answer 201 or 204. */
  public void create(TableConnection admin) throws IOException {
    Response created = admin.createTable(name);
    if (created.status() != 201 && created.status() != 204) {
      throw new IOException(
          "Create Table " + name + " answered " + created.status() + ": " + created.bodyText(200));
    }
  }

  /**
   * Creates the table with the run's table settings, if it has any (Tabula's settings extension);
   * fails when the server does not take them (204), so a run never measures a table without them.
   */
  public void create(TableConnection admin, RunSettings settings) throws IOException {
    create(admin);
    String json = settings.tableSettings();
    if (json == null) {
      return;
    }
    TableSettingsApply.put(admin, name, json);
  }

  /**
   * Checks the table holds exactly {@code expected} entities, counted through a keys-only query:
   * every acknowledged write is there and nothing else.
   */
  public List<String> verifyCount(TableConnection admin, long expected) throws IOException {
    FullQuery count =
        FullQuery.count(admin, name, (int) Math.min(1_000_000, expected / 100 + 1000));
    if (count.error() != null) {
      return List.of("counting " + name + ": " + count.error());
    }
    if (count.entities() != expected || count.disorder() != 0) {
      return List.of(
          String.format(
              "%s holds %d entities, %d acknowledged (%d out of order)",
              name, count.entities(), expected, count.disorder()));
    }
    return List.of();
  }

  /** Deletes the table (best effort: a failure here is reported by the next run's create). */
  public void delete(TableConnection admin) throws IOException {
    admin.deleteTable(name);
  }
}
