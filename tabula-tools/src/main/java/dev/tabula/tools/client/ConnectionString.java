package dev.tabula.tools.client;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A storage connection string, read as the Azure SDKs read it, and the Table endpoint it names.
 *
 * <ul>
 *   <li>{@code UseDevelopmentStorage=true}: the emulator's development account at {@code
 *       http://127.0.0.1:10002/devstoreaccount1} (what Tabula and Azurite serve by default).
 *   <li>{@code TableEndpoint=...} with {@code AccountName} and {@code AccountKey}, or with {@code
 *       SharedAccessSignature}: any endpoint, path-style or host-style.
 *   <li>{@code AccountName}, {@code AccountKey}, {@code DefaultEndpointsProtocol} (https when
 *       absent) and {@code EndpointSuffix} (core.windows.net when absent): an Azure account, at
 *       {@code https://<account>.table.<suffix>}.
 * </ul>
 *
 * Setting names compare case-insensitively; a value runs to the next {@code ;} and may hold {@code
 * =} (keys and signatures do). {@link #toString()} hides the key and the signature.
 *
 * @param endpoint the account's Table endpoint (its root), without a trailing slash
 * @param account the account name, or null when a SAS alone authorizes
 * @param key the account's base64 key, or null
 * @param sas the SAS query string without its {@code ?}, or null
 */
public record ConnectionString(
    URI endpoint, @Nullable String account, @Nullable String key, @Nullable String sas) {

  /** The development account's name. */
  public static final String DEVELOPMENT_ACCOUNT = "devstoreaccount1";

  /** The development account's well-known key, which Tabula and every Azure emulator accept. */
  public static final String DEVELOPMENT_KEY =
      "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

  /**
   * Parses a connection string.
   *
   * @throws IllegalArgumentException with a message for the user when it names no usable endpoint
   */
  public static ConnectionString parse(String text) {
    Map<String, String> settings = settings(text);
    if ("true".equalsIgnoreCase(settings.get("usedevelopmentstorage"))) {
      String proxy = settings.getOrDefault("developmentstorageproxyuri", "http://127.0.0.1");
      URI root =
          uri(stripSlash(proxy) + ":10002/" + DEVELOPMENT_ACCOUNT, "DevelopmentStorageProxyUri");
      return new ConnectionString(root, DEVELOPMENT_ACCOUNT, DEVELOPMENT_KEY, null);
    }
    String account = settings.get("accountname");
    String key = settings.get("accountkey");
    String sas = settings.get("sharedaccesssignature");
    if (sas != null && sas.startsWith("?")) {
      sas = sas.substring(1);
    }
    String explicit = settings.get("tableendpoint");
    URI endpoint;
    if (explicit != null) {
      endpoint = uri(stripSlash(explicit), "TableEndpoint");
    } else if (account != null) {
      String protocol = settings.getOrDefault("defaultendpointsprotocol", "https");
      String suffix = settings.getOrDefault("endpointsuffix", "core.windows.net");
      endpoint = uri(protocol + "://" + account + ".table." + suffix, "AccountName");
    } else {
      throw new IllegalArgumentException(
          "the connection string names no Table endpoint: give TableEndpoint, AccountName, or"
              + " UseDevelopmentStorage=true");
    }
    if (key == null && sas == null) {
      throw new IllegalArgumentException(
          "the connection string has neither AccountKey nor SharedAccessSignature");
    }
    if (key != null && account == null) {
      throw new IllegalArgumentException(
          "the connection string has an AccountKey but no AccountName");
    }
    return new ConnectionString(endpoint, account, key, sas);
  }

  private static Map<String, String> settings(String text) {
    Map<String, String> settings = new LinkedHashMap<>();
    for (String part : text.split(";")) {
      String trimmed = part.trim();
      if (trimmed.isEmpty()) {
        continue;
      }
      int equals = trimmed.indexOf('=');
      if (equals <= 0) {
        throw new IllegalArgumentException(
            "the connection string has a part without a name and '=': '"
                + firstWord(trimmed)
                + "'");
      }
      settings.put(
          trimmed.substring(0, equals).trim().toLowerCase(Locale.ROOT),
          trimmed.substring(equals + 1).trim());
    }
    return settings;
  }

  /** Never echo what may be a key: the first few characters are enough to find the mistake. */
  private static String firstWord(String text) {
    return text.length() <= 12 ? text : text.substring(0, 12) + "...";
  }

  private static String stripSlash(String url) {
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }

  private static URI uri(String text, String setting) {
    try {
      URI uri = new URI(text);
      String scheme = uri.getScheme();
      if (uri.getHost() == null
          || !("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme))) {
        throw new IllegalArgumentException(
            setting + " is not an http or https URL: '" + text + "'");
      }
      return uri;
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(setting + " is not a URL: '" + text + "'", e);
    }
  }

  /**
   * The path of a resource as sent, below the endpoint's root: {@code /devstoreaccount1/Tables}
   * path-style, {@code /Tables} host-style. It is also what SharedKeyLite signs after the account.
   */
  public String pathOf(String resource) {
    return endpoint.getRawPath() + "/" + resource;
  }

  /** The endpoint and account, without the key or signature. */
  @Override
  public String toString() {
    return endpoint + (account == null ? "" : " (account " + account + ")");
  }
}
