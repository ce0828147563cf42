package dev.tabula.server;

import dev.tabula.protocol.auth.StoredAccessPolicies;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The accounts a server starts with: the config's, or its accounts file's as it reads when the
 * server starts, with the text they were read from (the text the file's watcher compares with).
 *
 * @param accounts the accounts to serve
 * @param file the accounts file, or null without one
 * @param fileText the accounts file's text, or empty without a file
 */
record StartingAccounts(List<Account> accounts, @Nullable Path file, String fileText) {

  /**
   * @throws IllegalArgumentException when the config's accounts file cannot be read or is not a
   *     valid accounts file; the message names the file and the line, never a key
   */
  static StartingAccounts of(ServerConfig config) {
    Path file = config.accountsFile();
    if (file == null) {
      return new StartingAccounts(config.accounts(), null, "");
    }
    try {
      String text = AccountsFile.text(file);
      return new StartingAccounts(AccountsFile.parse(text), file, text);
    } catch (IOException | IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "the accounts file " + file + " cannot be used: " + e.getMessage(), e);
    }
  }

  /**
   * The accounts served, starting with these, authenticated against the tables' policies (and, when
   * {@code oauth} is enabled, by bearer tokens too).
   */
  LiveAccounts served(StoredAccessPolicies policies, OAuthSettings oauth) {
    return new LiveAccounts(
        accounts, served -> Authenticators.forAccounts(served, policies, Clock.systemUTC(), oauth));
  }

  /** Watches the accounts file for {@code live}, or null without one. */
  @Nullable AccountsFileWatcher watch(LiveAccounts live) {
    return file == null ? null : AccountsFileWatcher.start(file, live, fileText);
  }
}
