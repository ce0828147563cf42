package dev.tabula.server;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A small text file the server reads again when it changes, and whose new contents it puts in
 * force: the accounts file ({@link AccountsFileWatcher}) and the roles file ({@link
 * RolesFileWatcher}).
 *
 * <p>It reads the file every second and compares its text with the text in force, rather than
 * waiting for a {@code WatchService} event or comparing modification times: an editor that saves by
 * writing a new file and renaming it over the old one, and a Kubernetes ConfigMap or Secret volume
 * that swaps a symbolic link to a new directory, replace the file without any event on its own
 * name, and a key replaced by one of the same length within the file system's timestamp resolution
 * changes neither its size nor its time. Such a file is small: reading it once a second costs
 * nothing.
 *
 * <p>A new text is taken once it reads the same twice in a row, one second apart, so that a file
 * caught while being written is not taken half-written. A text that is not valid, and a file that
 * is gone or unreadable, keep what is in force and log one warning (naming the line and what is
 * wrong, never a secret) until the file changes again; the next valid text is taken.
 *
 * <p>Its state is confined to its one timer thread.
 *
 * @param <T> what the file's text says, parsed
 */
final class WatchedFile<T> implements AutoCloseable {
  /** Larger than any such file: a file that is, is a mistake, not read whole into memory. */
  static final long MAX_BYTES = 1024 * 1024;

  private static final Logger LOG = LoggerFactory.getLogger(WatchedFile.class);
  private static final Duration INTERVAL = Duration.ofSeconds(1);

  /** What {@link #warnedAbout} holds while the file is gone, or cannot be read. */
  private static final String GONE = "\u0000gone";

  private static final String UNREADABLE = "\u0000unreadable";

  /** What a watched file's text is parsed into, and how it is put in force. */
  interface Contents<T> {
    /**
     * @throws IllegalArgumentException when {@code text} is not valid: the message names the line
     *     and what is wrong, never a secret
     */
    T parse(String text);

    /** Puts {@code parsed} in force (and says so in the log, if it changes anything). */
    void take(T parsed);

    /**
     * What stays in force when a version cannot be taken, for the warning: "still serving a, b".
     */
    String stillInForce();
  }

  private final String name;
  private final Path file;
  private final Contents<T> contents;
  private final ScheduledExecutorService timer;

  /** The text in force was read from. */
  private String inForce;

  /** A new text seen once, taken if the next read finds it unchanged. */
  private @Nullable String pending;

  /** The text (or {@link #GONE}) last warned about, so that each problem is logged once. */
  private @Nullable String warnedAbout;

  /** Not polling yet: {@link #start} schedules {@link #poll}; a test may call it by hand. */
  WatchedFile(String name, Path file, String inForce, Contents<T> contents) {
    this.name = name;
    this.file = file;
    this.inForce = inForce;
    this.contents = contents;
    this.timer =
        Executors.newSingleThreadScheduledExecutor(
            DaemonThreads.named("tabula-" + name.replace(' ', '-') + "-"));
  }

  /**
   * Starts watching {@code file}.
   *
   * @param name what the file is, for the log and the thread: "accounts file"
   * @param inForce the text what is in force now was read from
   */
  static <T> WatchedFile<T> start(String name, Path file, String inForce, Contents<T> contents) {
    WatchedFile<T> watched = new WatchedFile<>(name, file, inForce, contents);
    watched.timer.scheduleWithFixedDelay(
        watched::pollSafely, INTERVAL.toMillis(), INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
    return watched;
  }

  /**
   * The file's text: UTF-8, at most {@link #MAX_BYTES}.
   *
   * @throws IllegalArgumentException when it is larger, or not UTF-8
   */
  static String text(Path file) throws IOException {
    if (Files.size(file) > MAX_BYTES) {
      throw new IllegalArgumentException("it is larger than " + MAX_BYTES + " bytes");
    }
    byte[] bytes = Files.readAllBytes(file);
    try {
      return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException("it is not UTF-8 text", e);
    }
  }

  private void pollSafely() {
    try {
      poll();
    } catch (RuntimeException e) {
      // A bug here must not stop the timer: what is in force stays, the next poll tries again.
      LOG.error("Reading the {} {} failed", name, file, e);
    }
  }

  /** One read of the file: what a poll of the timer does. */
  void poll() {
    String text;
    try {
      text = text(file);
    } catch (NoSuchFileException e) {
      pending = null;
      warnOnce(GONE, "is gone");
      return;
    } catch (IOException | IllegalArgumentException e) {
      pending = null;
      warnOnce(UNREADABLE, "cannot be read (" + e.getMessage() + ")");
      return;
    }
    if (text.equals(inForce)) {
      pending = null;
      warnedAbout = null;
      return;
    }
    if (!text.equals(pending)) {
      pending = text; // perhaps still being written: taken if the next read finds the same
      return;
    }
    pending = null;
    T parsed;
    try {
      parsed = contents.parse(text);
    } catch (IllegalArgumentException e) {
      warnOnce(text, "is not valid: " + e.getMessage());
      return;
    }
    inForce = text;
    warnedAbout = null;
    contents.take(parsed);
  }

  private void warnOnce(String problem, String what) {
    if (Objects.equals(problem, warnedAbout)) {
      return;
    }
    warnedAbout = problem;
    LOG.warn("The {} {} {}; {}", name, file, what, contents.stillInForce());
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
