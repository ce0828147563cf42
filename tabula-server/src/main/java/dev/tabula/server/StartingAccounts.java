package dev.tabula.server;

import dev.tabula.protocol.auth.StoredAccessPolicies;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The accounts a server starts with: the config's, or its accounts file's as it reads when the
 * server starts, with the text they were read from (the text the file's watcher compares with).
 *
 * @param accounts the accounts to serve
 * @param file the accounts file, or null without one
 * @param fileText the accounts file's text, or empty without a file
 * @param roles the role assignments bearer tokens are given, from the config, held while served
 */
record StartingAccounts(
    List<Account> accounts, @Nullable Path file, String fileText, LiveRoles roles) {

  /**
   * @throws IllegalArgumentException when the config's accounts file cannot be read or is not a
   *     valid accounts file; the message names the file and the line, never a key
   */
  static StartingAccounts of(ServerConfig config) {
    Path file = config.accountsFile();
    LiveRoles roles = new LiveRoles(config.oauth().roles());
    if (file == null) {
      return new StartingAccounts(config.accounts(), null, "", roles);
    }
    try {
      String text = AccountsFile.text(file);
      return new StartingAccounts(AccountsFile.parse(text), file, text, roles);
    } catch (IOException | IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "the accounts file " + file + " cannot be used: " + e.getMessage(), e);
    }
  }

  /**
   * The accounts served, starting with these, authenticated against the tables' policies (and, when
   * {@code oauth} is enabled, by bearer tokens too, with the role assignments {@link #roles}
   * holds).
   */
  LiveAccounts served(StoredAccessPolicies policies, OAuthSettings oauth) {
    return new LiveAccounts(
        accounts,
        served -> Authenticators.forAccounts(served, policies, Clock.systemUTC(), oauth, roles));
  }

  /**
   * Watches the accounts file for {@code live} and {@code oauth}'s roles file for {@link #roles},
   * those that are configured; the server closes them when it stops.
   */
  List<WatchedFile<?>> watch(LiveAccounts live, OAuthSettings oauth) {
    List<WatchedFile<?>> watched = new ArrayList<>();
    if (file != null) {
      watched.add(AccountsFileWatcher.start(file, live, fileText));
    }
    WatchedFile<?> rolesFile = RolesFileWatcher.startIfAny(oauth, roles);
    if (rolesFile != null) {
      watched.add(rolesFile);
    }
    return List.copyOf(watched);
  }
}
