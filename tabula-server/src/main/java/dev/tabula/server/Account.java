package dev.tabula.server;

import java.util.Base64;
import java.util.Objects;

/**
 * A storage account the server serves: its name and its base64 account key.
 *
 * @param name the account name, as in the first path segment of path-style URLs
 * @param key the base64 key clients sign with
 */
public record Account(String name, String key) {

  /** The development account every Azure emulator knows, with its well-known public key. */
  public static final Account DEVELOPMENT =
      new Account(
          "devstoreaccount1",
          "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==");

  public Account {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(key, "key");
    Base64.getDecoder().decode(key); // fail fast on a key that is not base64
  }

  /** Parses {@code name:key}. */
  public static Account parse(String text) {
    int colon = text.indexOf(':');
    if (colon <= 0) {
      throw new IllegalArgumentException("an account is name:base64key, got " + text);
    }
    return new Account(text.substring(0, colon), text.substring(colon + 1));
  }
}
