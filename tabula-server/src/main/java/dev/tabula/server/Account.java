package dev.tabula.server;

import dev.tabula.model.AccountNames;
import java.util.Base64;
import java.util.List;
import java.util.Objects;

/**
 * A storage account the server serves: its name and its base64 account keys, one or two. As in
 * Azure, where every account has key1 and key2 so that one can be replaced while clients use the
 * other, a request signed with any of them is accepted.
 *
 * @param name the account name, as in the first path segment of path-style URLs
 * @param keys the base64 keys clients sign with, primary first: one or two
 */
public record Account(String name, List<String> keys) {

  /**
   * Azure's rule for storage account names: 3 to 24 characters, lowercase letters and digits only
   * (https://learn.microsoft.com/azure/storage/common/storage-account-overview#storage-account-name).
   */
  public static final String NAME_RULE = AccountNames.RULE;

  /** The most keys an account has: Azure's key1 and key2. */
  public static final int MAX_KEYS = 2;

  /**
   * The development account every Azure emulator knows, with its well-known public key (declared
   * after {@code NAME_RULE}).
   */
  public static final Account DEVELOPMENT =
      new Account(
          "devstoreaccount1",
          "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==");

  /**
   * @throws IllegalArgumentException when the name breaks {@link #NAME_RULE}, there is no key or
   *     more than two, or a key is not base64; the message never holds a key
   */
  public Account {
    Objects.requireNonNull(name, "name");
    keys = List.copyOf(keys);
    checkName(name);
    if (keys.isEmpty() || keys.size() > MAX_KEYS) {
      throw new IllegalArgumentException(
          "account '" + name + "' has " + keys.size() + " keys; it takes one or two");
    }
    for (String key : keys) {
      try {
        Base64.getDecoder().decode(key); // fail fast on a key that is not base64
      } catch (IllegalArgumentException e) {
        // Deliberately no cause: the decoder's message can quote a character of the key.
        throw new IllegalArgumentException("a key of account '" + name + "' is not base64");
      }
    }
  }

  /** An account with one key. */
  public Account(String name, String key) {
    this(name, List.of(key));
  }

  /** This account with a second key, to sign with while the first is replaced. */
  public Account withSecondKey(String secondKey) {
    return new Account(name, List.of(keys.get(0), secondKey));
  }

  /** The primary key (key1). */
  public String key() {
    return keys.get(0);
  }

  /** Whether {@code name} obeys Azure's rule for storage account names ({@link #NAME_RULE}). */
  public static boolean isValidName(String name) {
    return AccountNames.isValid(name);
  }

  /**
   * Checks {@code name} against Azure's rule ({@link #NAME_RULE}), wherever an account is named.
   *
   * @throws IllegalArgumentException naming the bad name (or only its length, when it is long
   *     enough to be a key) and the rule
   */
  public static void checkName(String name) {
    AccountNames.check(name);
  }

  /** The name only: a key is never printed, not even in a debugging line. */
  @Override
  public String toString() {
    return "Account[" + name + ", " + keys.size() + (keys.size() == 1 ? " key]" : " keys]");
  }
}
