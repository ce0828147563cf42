package dev.tabula.bench.load;

import java.net.URI;
import java.util.Objects;

/**
 * Where a load client sends requests: a path-style account root ({@code
 * http://127.0.0.1:10002/devstoreaccount1}) and the account's name and base64 key. Immutable.
 *
 * @param root the account root, without a trailing slash
 * @param account the account name requests are signed for
 * @param key the account's base64 key
 */
public record TableEndpoint(URI root, String account, String key) {

  /** The development account's well-known key, which Tabula and every Azure emulator accept. */
  public static final String DEVELOPMENT_KEY =
      "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

  /** The development account's name. */
  public static final String DEVELOPMENT_ACCOUNT = "devstoreaccount1";

  public TableEndpoint {
    Objects.requireNonNull(root, "root");
    Objects.requireNonNull(account, "account");
    Objects.requireNonNull(key, "key");
    String text = root.toString();
    if (text.endsWith("/")) {
      root = URI.create(text.substring(0, text.length() - 1));
    }
  }

  /**
   * The development account on a loopback server, path-style, as emulator connection strings name
   * it.
   */
  public static TableEndpoint development(String host, int port) {
    return new TableEndpoint(
        URI.create("http://" + host + ":" + port + "/" + DEVELOPMENT_ACCOUNT),
        DEVELOPMENT_ACCOUNT,
        DEVELOPMENT_KEY);
  }

  /**
   * The development account at an account root URL such as {@code
   * http://127.0.0.1:10002/devstoreaccount1}.
   */
  public static TableEndpoint development(URI root) {
    return new TableEndpoint(root, DEVELOPMENT_ACCOUNT, DEVELOPMENT_KEY);
  }

  /** The URI of a resource below the account root, with an optional raw (already encoded) query. */
  public URI resolve(String path, String rawQuery) {
    String base = root + "/" + path;
    return URI.create(rawQuery == null || rawQuery.isEmpty() ? base : base + "?" + rawQuery);
  }

  /**
   * The path of a resource as sent (starting with the account root's path), which is what gets
   * signed.
   */
  public String pathAsSent(String path) {
    return root.getRawPath() + "/" + path;
  }
}
