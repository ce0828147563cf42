package dev.tabula.model;

import java.util.regex.Pattern;

/**
 * Azure's rule for storage account names: 3 to 24 characters, lowercase letters and digits only
 * (https://learn.microsoft.com/azure/storage/common/storage-account-overview#storage-account-name).
 * The one rule wherever an account is named: the server's accounts and accounts file, and the
 * tools' {@code --account} options.
 */
public final class AccountNames {
  /** The rule, as an error states it. */
  public static final String RULE =
      "an account name is 3 to 24 characters, lowercase letters and digits only";

  private static final Pattern NAME = Pattern.compile("[a-z0-9]{3,24}");

  private AccountNames() {}

  /** Whether {@code name} obeys {@link #RULE}. */
  public static boolean isValid(String name) {
    return NAME.matcher(name).matches();
  }

  /**
   * @throws IllegalArgumentException naming the bad name (or only its length, when it is long
   *     enough to be a key written where the name goes) and the rule
   */
  public static void check(String name) {
    if (!isValid(name)) {
      throw new IllegalArgumentException(describeBad(name) + ": " + RULE);
    }
  }

  /**
   * A bad name as an error names it: quoted when it is short enough to be a name, else by its
   * length only, since a longer one is more likely a key written where the name goes.
   */
  public static String describeBad(String name) {
    return name.length() <= 24
        ? "the account name '" + name + "'"
        : "an account name of " + name.length() + " characters";
  }
}
