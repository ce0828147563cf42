package dev.tabula.server;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Parses the accounts setting, {@code name:base64key} entries separated by {@code ;}, into {@link
 * Account}s. A bad entry is an {@link OperatorError} that says what is wrong with it and where it
 * came from, naming the account but never printing the key (nor an entry that may be a key alone).
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
      accounts.add(parseOne(entry, position, setting.source()));
    }
    if (accounts.isEmpty()) {
      throw new OperatorError(
          "tabula: " + setting.source() + ": no account given; write name:base64key");
    }
    return accounts;
  }

  private static Account parseOne(String entry, int position, String source) {
    int colon = entry.indexOf(':');
    if (colon < 0) {
      throw bad(source, "account #" + position + " has no ':' between its name and its key");
    }
    if (colon == 0) {
      throw bad(source, "account #" + position + " has no name before its ':'");
    }
    String name = entry.substring(0, colon);
    String key = entry.substring(colon + 1).trim();
    if (key.isEmpty()) {
      throw bad(source, "account '" + name + "' has no key after its ':'");
    }
    try {
      Base64.getDecoder().decode(key);
    } catch (IllegalArgumentException e) {
      // The decoder's message quotes a character of the key: not repeated here.
      throw bad(source, "the key of account '" + name + "' is not base64");
    }
    return new Account(name, key);
  }

  private static OperatorError bad(String source, String what) {
    return new OperatorError("tabula: " + source + ": " + what + " (an account is name:base64key)");
  }
}
