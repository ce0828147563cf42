package dev.tabula.tools.transfer;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The small file beside an import's input ({@code FILE.tabula-import}) that says what the import is
 * and how far it got, for {@code --resume}. Written whole to a temporary file and renamed over the
 * old one, so that a crash at any moment leaves the old state or the new one, never half of either.
 */
public final class StateFile {
  /** What the state file's name adds to the input's. */
  public static final String SUFFIX = ".tabula-import";

  private final Path path;

  /**
   * What an import is: a resumed run must be the same one.
   *
   * @param size the input's size in bytes
   * @param modified the input's modification time, in milliseconds
   * @param endpoint the destination's table endpoint
   * @param table the destination table
   * @param mode the write mode ({@code insert}, {@code merge}, {@code replace})
   */
  public record Identity(long size, long modified, String endpoint, String table, String mode) {}

  /**
   * A saved state.
   *
   * @param identity the import it belongs to
   * @param progress how far it got
   */
  public record Saved(Identity identity, Checkpoint.Snapshot progress) {}

  private StateFile(Path path) {
    this.path = path;
  }

  /** The state file of an input file. */
  public static StateFile beside(Path input) {
    Path absolute = input.toAbsolutePath();
    return new StateFile(absolute.resolveSibling(absolute.getFileName() + SUFFIX));
  }

  public Path path() {
    return path;
  }

  public boolean exists() {
    return Files.exists(path);
  }

  /** Saves a state, atomically. */
  public void write(Identity identity, Checkpoint.Snapshot progress) throws IOException {
    Properties properties = new Properties();
    properties.setProperty("size", Long.toString(identity.size()));
    properties.setProperty("modified", Long.toString(identity.modified()));
    properties.setProperty("endpoint", identity.endpoint());
    properties.setProperty("table", identity.table());
    properties.setProperty("mode", identity.mode());
    properties.setProperty("doneBelow", Long.toString(progress.doneBelow()));
    List<String> ranges = new ArrayList<>();
    for (long[] range : progress.completed()) {
      ranges.add(range[0] + "-" + range[1]);
    }
    properties.setProperty("completed", String.join(",", ranges));
    properties.setProperty("written", Long.toString(progress.written()));
    properties.setProperty("refused", Long.toString(progress.refused()));
    StringWriter text = new StringWriter();
    properties.store(text, "tabula import state: delete this file to start the import over");
    Path temporary = path.resolveSibling(path.getFileName() + ".tmp");
    Files.writeString(temporary, text.toString(), StandardCharsets.UTF_8);
    try {
      Files.move(
          temporary, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(temporary, path, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /**
   * The saved state.
   *
   * @throws IOException when it cannot be read or is not a state file
   */
  public Saved read() throws IOException {
    Properties properties = new Properties();
    try (Reader in = new StringReader(Files.readString(path, StandardCharsets.UTF_8))) {
      properties.load(in);
    }
    try {
      Identity identity =
          new Identity(
              number(properties, "size"),
              number(properties, "modified"),
              text(properties, "endpoint"),
              text(properties, "table"),
              text(properties, "mode"));
      List<long[]> completed = new ArrayList<>();
      for (String range : text(properties, "completed").split(",")) {
        if (!range.isBlank()) {
          String[] ends = range.split("-");
          completed.add(new long[] {Long.parseLong(ends[0]), Long.parseLong(ends[1])});
        }
      }
      return new Saved(
          identity,
          new Checkpoint.Snapshot(
              number(properties, "doneBelow"),
              completed,
              number(properties, "written"),
              number(properties, "refused")));
    } catch (RuntimeException e) {
      throw new IOException(path + " is not an import state file: " + e.getMessage(), e);
    }
  }

  /** Removes the state file (the import finished). */
  public void delete() throws IOException {
    Files.deleteIfExists(path);
  }

  private static String text(Properties properties, String name) {
    String value = properties.getProperty(name);
    if (value == null) {
      throw new IllegalArgumentException("no " + name);
    }
    return value;
  }

  private static long number(Properties properties, String name) {
    return Long.parseLong(text(properties, name));
  }
}
