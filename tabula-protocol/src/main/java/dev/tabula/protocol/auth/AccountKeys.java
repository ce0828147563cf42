package dev.tabula.protocol.auth;

import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The registry of accounts the server serves and their keys. An account usually has two keys,
 * primary and secondary, as in the service, so clients can rotate one while using the other; a
 * signature made with any of them is accepted.
 *
 * <p>Immutable and thread-safe.
 */
public final class AccountKeys {
  private final Map<String, List<AccountKey>> keysByAccount;

  private AccountKeys(Map<String, List<AccountKey>> keysByAccount) {
    this.keysByAccount = keysByAccount;
  }

  /**
   * Builds the registry from account names to their base64 keys, in order (primary first).
   *
   * @throws IllegalArgumentException when an account has no key or a key is not base64; the message
   *     names the account, never the key
   */
  public static AccountKeys of(Map<String, List<String>> base64KeysByAccount) {
    Map<String, List<AccountKey>> keys = new LinkedHashMap<>();
    base64KeysByAccount.forEach(
        (account, base64Keys) ->
            keys.put(Objects.requireNonNull(account, "account"), decode(account, base64Keys)));
    return new AccountKeys(Collections.unmodifiableMap(keys));
  }

  private static List<AccountKey> decode(String account, List<String> base64Keys) {
    if (base64Keys == null || base64Keys.isEmpty()) {
      throw new IllegalArgumentException("account " + account + " has no key");
    }
    List<AccountKey> decoded = new ArrayList<>(base64Keys.size());
    for (int i = 0; i < base64Keys.size(); i++) {
      decoded.add(new AccountKey(account, decodeKey(account, i, base64Keys.get(i))));
    }
    return List.copyOf(decoded);
  }

  private static byte[] decodeKey(String account, int index, String base64) {
    try {
      return Base64.getDecoder().decode(base64.strip());
    } catch (IllegalArgumentException | NullPointerException e) {
      // Deliberately no cause: the decoder's message can quote the offending key characters.
      throw new IllegalArgumentException(
          "key " + (index + 1) + " of account " + account + " is not base64");
    }
  }

  /** The keys of an account, primary first; empty when the account is unknown. */
  public List<AccountKey> keysOf(String account) {
    return keysByAccount.getOrDefault(account, List.of());
  }

  /** Whether the account is known. */
  public boolean contains(String account) {
    return keysByAccount.containsKey(account);
  }

  /** The names of all known accounts. */
  public Set<String> accounts() {
    return keysByAccount.keySet();
  }

  @Override
  public String toString() {
    return "AccountKeys" + keysByAccount.keySet();
  }
}
