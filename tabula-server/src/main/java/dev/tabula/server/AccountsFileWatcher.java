package dev.tabula.server;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the accounts file again when it changes, and makes the server serve what it says.
 *
 * <p>It reads the file every second and compares its text with the text in force, rather than
 * waiting for a {@code WatchService} event or comparing modification times: an editor that saves by
 * writing a new file and renaming it over the old one, and a Kubernetes ConfigMap or Secret volume
 * that swaps a symbolic link to a new directory, replace the file without any event on its own
 * name, and a key replaced by one of the same length within the file system's timestamp resolution
 * changes neither its size nor its time. A file of accounts is small: reading it once a second
 * costs nothing.
 *
 * <p>A new text is taken once it reads the same twice in a row, one second apart, so that a file
 * caught while being written is not taken half-written. A text that is not a valid accounts file,
 * and a file that is gone or unreadable, keep the accounts in force and log one warning (naming the
 * line and what is wrong, never a key) until the file changes again; the next valid text is taken.
 *
 * <p>Its state is confined to its one timer thread.
 */
final class AccountsFileWatcher implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(AccountsFileWatcher.class);
  private static final Duration INTERVAL = Duration.ofSeconds(1);

  /** What {@link #warnedAbout} holds while the file is gone, or cannot be read. */
  private static final String GONE = "\u0000gone";

  private static final String UNREADABLE = "\u0000unreadable";

  private final Path file;
  private final LiveAccounts live;
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("tabula-accounts-file-"));

  /** The text the accounts in force were read from. */
  private String inForce;

  /** A new text seen once, taken if the next read finds it unchanged. */
  private @Nullable String pending;

  /** The text (or {@link #GONE}) last warned about, so that each problem is logged once. */
  private @Nullable String warnedAbout;

  /**
   * @param inForce the text the accounts served now were read from
   */
  private AccountsFileWatcher(Path file, LiveAccounts live, String inForce) {
    this.file = file;
    this.live = live;
    this.inForce = inForce;
  }

  /** Starts watching {@code file}, whose text {@code inForce} gave the accounts served now. */
  static AccountsFileWatcher start(Path file, LiveAccounts live, String inForce) {
    AccountsFileWatcher watcher = new AccountsFileWatcher(file, live, inForce);
    watcher.timer.scheduleWithFixedDelay(
        watcher::pollSafely, INTERVAL.toMillis(), INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
    return watcher;
  }

  private void pollSafely() {
    try {
      poll();
    } catch (RuntimeException e) {
      // A bug here must not stop the timer: the accounts in force stay, the next poll tries again.
      LOG.error("Reading the accounts file {} failed", file, e);
    }
  }

  private void poll() {
    String text;
    try {
      text = AccountsFile.text(file);
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
    List<Account> accounts;
    try {
      accounts = AccountsFile.parse(text);
    } catch (IllegalArgumentException e) {
      warnOnce(text, "is not valid: " + e.getMessage());
      return;
    }
    inForce = text;
    warnedAbout = null;
    if (!accounts.equals(live.accounts())) {
      live.replace(accounts);
      LOG.info("Accounts file {} read again: serving {}", file, names(accounts));
    }
  }

  private void warnOnce(String problem, String what) {
    if (Objects.equals(problem, warnedAbout)) {
      return;
    }
    warnedAbout = problem;
    LOG.warn("The accounts file {} {}; still serving {}", file, what, names(live.accounts()));
  }

  private static String names(List<Account> accounts) {
    return accounts.stream().map(Account::name).collect(Collectors.joining(", "));
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
