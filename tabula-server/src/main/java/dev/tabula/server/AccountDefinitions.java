package dev.tabula.server;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Parses an accounts setting, {@code name:key1[:key2]} entries separated by {@code ;} ({@code
 * --account}, {@code TABULA_ACCOUNTS}, Azurite's {@code AZURITE_ACCOUNTS}, the config file's {@code
 * accounts}), into {@link Account}s. A bad entry is an {@link OperatorError} that says what is
 * wrong with it and where it came from, naming the account but never printing the key (nor an entry
 * that may be a key alone).
 */
final class AccountDefinitions {
  private AccountDefinitions() {}

  static List<Account> parse(ConfigResolver.Picked setting) {
    List<Account> accounts = new ArrayList<>();
    int position = 0;
    for (String part : setting.text().split(";")) {
      String entry = part.trim();
      if (entry.isEmpty()) {
        continue;
      }
      position++;
      try {
        accounts.add(AccountEntry.parse(entry, "account #" + position));
      } catch (IllegalArgumentException e) {
        throw bad(setting.source(), String.valueOf(e.getMessage()));
      }
    }
    if (accounts.isEmpty()) {
      throw new OperatorError(
          "tabula: " + setting.source() + ": no account given; write name:base64key");
    }
    String repeated = repeatedName(accounts);
    if (repeated != null) {
      throw bad(setting.source(), "account '" + repeated + "' is given twice");
    }
    return accounts;
  }

  /** The first name given to two accounts, or null when each has its own. */
  static @Nullable String repeatedName(List<Account> accounts) {
    Set<String> seen = new LinkedHashSet<>();
    for (Account account : accounts) {
      if (!seen.add(account.name())) {
        return account.name();
      }
    }
    return null;
  }

  private static OperatorError bad(String source, String what) {
    return new OperatorError("tabula: " + source + ": " + what + " (" + AccountEntry.FORM + ")");
  }
}
