package dev.tabula.core.properties;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One CORS rule, its lists kept exactly as set (comma-separated text, so Get answers what Set
 * received) and read as lists when matching. Immutable.
 *
 * <p>Matching follows "CORS support for the Azure Storage services" (learn.microsoft.com): an
 * origin matches an entry exactly and case-sensitively, or any origin when an entry is {@code *};
 * the method must be listed; every requested header must be listed or start with a listed prefix
 * ({@code x-ms-meta*}), header names compared ignoring case as HTTP does. Methods are compared
 * ignoring case too, as Azurite does (src/table/middleware/PreflightMiddlewareFactory.ts).
 *
 * @param allowedOrigins origins, or {@code *}
 * @param allowedMethods HTTP methods
 * @param allowedHeaders request headers, literal or prefixed; may be empty
 * @param exposedHeaders response headers, literal or prefixed; may be empty
 * @param maxAgeInSeconds how long a browser may cache a preflight answer
 */
public record CorsRule(
    String allowedOrigins,
    String allowedMethods,
    String allowedHeaders,
    String exposedHeaders,
    int maxAgeInSeconds) {

  public CorsRule {
    Objects.requireNonNull(allowedOrigins, "allowedOrigins");
    Objects.requireNonNull(allowedMethods, "allowedMethods");
    Objects.requireNonNull(allowedHeaders, "allowedHeaders");
    Objects.requireNonNull(exposedHeaders, "exposedHeaders");
  }

  /** The non-empty, trimmed entries of a comma-separated list. */
  public static List<String> entries(String list) {
    return Arrays.stream(list.split(",")).map(String::trim).filter(e -> !e.isEmpty()).toList();
  }

  /** Whether the rule allows every origin ({@code *}). */
  public boolean allowsAnyOrigin() {
    return entries(allowedOrigins).contains("*");
  }

  /** Whether a request from {@code origin} (null when the request named none) may use the rule. */
  public boolean allowsOrigin(@Nullable String origin) {
    return allowsAnyOrigin() || origin != null && entries(allowedOrigins).contains(origin);
  }

  /** Whether the rule allows {@code method}. */
  public boolean allowsMethod(String method) {
    return entries(allowedMethods).stream().anyMatch(m -> m.equalsIgnoreCase(method));
  }

  /** Whether the rule allows every one of {@code headers} as a request header. */
  public boolean allowsHeaders(List<String> headers) {
    List<String> allowed = entries(allowedHeaders);
    return headers.stream().allMatch(header -> matchesAny(header, allowed));
  }

  /** Whether a response header is exposed by the rule. */
  public boolean exposes(String header) {
    return matchesAny(header, entries(exposedHeaders));
  }

  /** Whether {@code header} equals an entry or starts with a prefixed entry's prefix. */
  static boolean matchesAny(String header, List<String> entries) {
    String name = header.trim().toLowerCase(Locale.ROOT);
    for (String entry : entries) {
      String rule = entry.toLowerCase(Locale.ROOT);
      boolean prefixed = rule.endsWith("*");
      if (prefixed ? name.startsWith(rule.substring(0, rule.length() - 1)) : name.equals(rule)) {
        return true;
      }
    }
    return false;
  }
}
