package dev.tabula.server;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The accounts file ({@code --accounts-file}): one account per line as {@code name:key1[:key2]},
 * {@code #} starting a comment that runs to the end of the line, blank lines ignored. It must name
 * at least one account, each once.
 *
 * <p>A file that breaks these rules is an {@link IllegalArgumentException} whose message names the
 * line and what is wrong with it, never a key.
 */
final class AccountsFile {

  private AccountsFile() {}

  /**
   * Reads and parses the file.
   *
   * @throws IOException when it cannot be read (absent, unreadable)
   * @throws IllegalArgumentException when it is not a valid accounts file
   */
  static List<Account> read(Path file) throws IOException {
    return parse(text(file));
  }

  /** The file's text: UTF-8, at most {@link WatchedFile#MAX_BYTES}. */
  static String text(Path file) throws IOException {
    return WatchedFile.text(file);
  }

  /**
   * Parses the text of an accounts file.
   *
   * @throws IllegalArgumentException naming the first bad line, or saying that there is no account
   */
  static List<Account> parse(String text) {
    List<Account> accounts = new ArrayList<>();
    List<String> lines = text.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      int hash = line.indexOf('#');
      String entry = (hash < 0 ? line : line.substring(0, hash)).strip();
      if (entry.isEmpty()) {
        continue;
      }
      String where = "line " + (i + 1);
      Account account;
      try {
        account = AccountEntry.parse(entry, where);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(withLine(where, String.valueOf(e.getMessage())));
      }
      accounts.add(account);
      if (AccountDefinitions.repeatedName(accounts) != null) {
        throw new IllegalArgumentException(
            where + ": account '" + account.name() + "' is given twice");
      }
    }
    if (accounts.isEmpty()) {
      throw new IllegalArgumentException("it names no account (" + AccountEntry.FORM + ")");
    }
    return accounts;
  }

  /** A message about an entry, with its line first unless it names the line already. */
  private static String withLine(String where, String message) {
    return message.startsWith(where) ? message : where + ": " + message;
  }
}
