package dev.tabula.tools.cli;

import dev.tabula.tools.client.ConnectionString;
import dev.tabula.tools.client.EntityCursor;
import dev.tabula.tools.client.EntityQuery;
import dev.tabula.tools.client.TableClient;
import dev.tabula.tools.format.EntityFiles;
import dev.tabula.tools.format.EntityWriter;
import dev.tabula.tools.format.FileFormat;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Exports one table to one file: written as {@code FILE.partial}, renamed to {@code FILE} once
 * every entity is in it; on a failure or a stop the partial file is removed. Standard output
 * ({@code -}) has no partial file: what was written stays written.
 */
final class TableExport {
  static final String PARTIAL = ".partial";

  private final TableClient client;
  private final ConnectionString target;
  private final @Nullable String filter;
  private final FileFormat format;
  private final Progress.Mode mode;
  private final StopRequest stop;
  private final PrintStream err;

  TableExport(
      TableClient client,
      ConnectionString target,
      @Nullable String filter,
      FileFormat format,
      Progress.Mode mode,
      StopRequest stop,
      PrintStream err) {
    this.client = client;
    this.target = target;
    this.filter = filter;
    this.format = format;
    this.mode = mode;
    this.stop = stop;
    this.err = err;
  }

  /** Exports {@code table} to {@code file}; false when stopped by a stop request. */
  boolean run(String table, String file) throws IOException {
    boolean toStdout = EntityFiles.STANDARD_STREAM.equals(file);
    Path partial = toStdout ? null : Path.of(file + PARTIAL);
    long started = System.nanoTime();
    long count = 0;
    boolean whole = false;
    stop.guard(partial);
    try {
      OutputStream sink =
          partial == null ? EntityFiles.unclosable(System.out) : Files.newOutputStream(partial);
      try (EntityWriter writer = EntityFiles.writer(format, sink);
          EntityCursor cursor = client.query(table, new EntityQuery(filter, null, 0))) {
        // The first page before the display: a refused request is then the only line printed.
        boolean more = hasNext(cursor, table);
        try (Progress progress = Progress.start(mode, err, "export " + table, "entities", -1, 1)) {
          while (more && !stop.requested()) {
            writer.write(cursor.next());
            count++;
            progress.step(1);
            more = hasNext(cursor, table);
          }
        }
        whole = !stop.requested();
      }
    } finally {
      if (partial != null && !whole) {
        Files.deleteIfExists(partial);
      }
      stop.guard(null);
    }
    if (!whole) {
      err.printf(
          Locale.ROOT,
          "export of %s stopped after %,d entities%s%n",
          table,
          count,
          partial == null ? "" : "; removed " + partial);
      return false;
    }
    if (partial != null) {
      Files.move(partial, Path.of(file), StandardCopyOption.REPLACE_EXISTING);
    }
    err.printf(
        Locale.ROOT,
        "exported %,d entities from %s to %s in %.1f s%n",
        count,
        table,
        toStdout ? "standard output" : file,
        (System.nanoTime() - started) / 1e9);
    return true;
  }

  private boolean hasNext(EntityCursor cursor, String table) throws IOException {
    try {
      return cursor.hasNext();
    } catch (IOException e) {
      throw Endpoints.explain(e, target, table);
    }
  }
}
