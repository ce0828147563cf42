package dev.tabula.server;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the accounts file again when it changes ({@link WatchedFile}: every second, a new text
 * taken once two reads agree, an invalid one keeping the accounts in force with one warning), and
 * makes the server serve what it says.
 */
final class AccountsFileWatcher implements WatchedFile.Contents<List<Account>> {
  private static final Logger LOG = LoggerFactory.getLogger(AccountsFileWatcher.class);

  private final Path file;
  private final LiveAccounts live;

  private AccountsFileWatcher(Path file, LiveAccounts live) {
    this.file = file;
    this.live = live;
  }

  /** Starts watching {@code file}, whose text {@code inForce} gave the accounts served now. */
  static WatchedFile<List<Account>> start(Path file, LiveAccounts live, String inForce) {
    return WatchedFile.start("accounts file", file, inForce, new AccountsFileWatcher(file, live));
  }

  @Override
  public List<Account> parse(String text) {
    return AccountsFile.parse(text);
  }

  @Override
  public void take(List<Account> accounts) {
    if (!accounts.equals(live.accounts())) {
      live.replace(accounts);
      LOG.info("Accounts file {} read again: serving {}", file, names(accounts));
    }
  }

  @Override
  public String stillInForce() {
    return "still serving " + names(live.accounts());
  }

  private static String names(List<Account> accounts) {
    return accounts.stream().map(Account::name).collect(Collectors.joining(", "));
  }
}
