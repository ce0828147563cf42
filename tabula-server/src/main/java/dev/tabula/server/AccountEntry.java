package dev.tabula.server;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Reads one account written as {@code name:key1[:key2]}, the form of {@code --account}, {@code
 * TABULA_ACCOUNTS}, Azurite's {@code AZURITE_ACCOUNTS} and the accounts file. A bad entry is an
 * {@link IllegalArgumentException} that says what is wrong with it, naming the account (or where
 * the entry is, when it has no usable name) but never printing a key.
 */
final class AccountEntry {
  /** How an account is written, for the end of an error message. */
  static final String FORM = "an account is name:base64key[:base64key2]";

  private AccountEntry() {}

  /**
   * Parses a trimmed, non-empty entry.
   *
   * @param where where the entry is, for messages about an entry with no usable name: {@code
   *     account #2}, {@code line 7}
   */
  static Account parse(String entry, String where) {
    int colon = entry.indexOf(':');
    if (colon < 0) {
      throw new IllegalArgumentException(where + " has no ':' between its name and its key");
    }
    String name = entry.substring(0, colon).strip();
    if (name.isEmpty()) {
      throw new IllegalArgumentException(where + " has no name before its ':'");
    }
    Account.checkName(name);
    String[] keys = entry.substring(colon + 1).split(":", -1);
    if (keys.length > Account.MAX_KEYS) {
      throw new IllegalArgumentException("account '" + name + "' has more than two keys");
    }
    List<String> decoded = new ArrayList<>();
    for (int i = 0; i < keys.length; i++) {
      String key = keys[i].strip();
      if (key.isEmpty()) {
        throw new IllegalArgumentException(
            "account '" + name + "' has no key after its " + (i == 0 ? "':'" : "second ':'"));
      }
      try {
        Base64.getDecoder().decode(key);
      } catch (IllegalArgumentException e) {
        // The decoder's message quotes a character of the key: not repeated here.
        throw new IllegalArgumentException(
            (keys.length == 1 ? "the key" : "key " + (i + 1))
                + " of account '"
                + name
                + "' is not base64");
      }
      decoded.add(key);
    }
    return new Account(name, decoded);
  }
}
