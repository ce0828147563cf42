package dev.tabula.conformance.support;

import dev.tabula.server.Account;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/** The accounts every conformance server serves: the emulator's account and a second one. */
public final class TestAccounts {
  /** The emulator's development account, which the SDK's emulator connection strings name. */
  public static final Account DEVELOPMENT = Account.DEVELOPMENT;

  /** A second account with its own key, to check that accounts do not see each other's data. */
  public static final Account SECOND =
      new Account(
          "second", base64("tabula-conformance-second-account-key-0123456789abcdefghijklmnop"));

  /** A key that no server account has: requests signed with it must be refused. */
  public static final String WRONG_KEY =
      base64("not-the-key-of-any-account-served-by-the-conformance-servers!!");

  /** The accounts a conformance server is started with. */
  public static final List<Account> ALL = List.of(DEVELOPMENT, SECOND);

  private TestAccounts() {}

  private static String base64(String text) {
    return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.US_ASCII));
  }
}
