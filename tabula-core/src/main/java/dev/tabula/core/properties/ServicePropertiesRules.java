package dev.tabula.core.properties;

import dev.tabula.model.TableErrorCode;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The limits Set Table Service Properties enforces (learn.microsoft.com "Set Table Service
 * Properties", Remarks, and "CORS support for the Azure Storage services"): at most five CORS
 * rules; at most 64 origins per rule, each at most 256 characters; only the methods DELETE, GET,
 * HEAD, MERGE, POST, OPTIONS and PUT; at most 64 literal and 2 prefixed allowed (and exposed)
 * headers, each at most 256 characters; at most 2 KB of CORS settings excluding XML tags; retention
 * of 1 to 365 days.
 *
 * <p>The documents only say "400 (Bad Request)". A count or size over its limit is answered
 * InvalidXmlDocument, the code the service gives a document that breaks its schema (a captured
 * answer in tombuildsstuff/giovanni PR #60); a single value out of its range (a method, a number of
 * days, a negative age) is InvalidXmlNodeValue. Which of the two the service picks for each case is
 * unconfirmed.
 */
final class ServicePropertiesRules {
  static final int MAX_RULES = 5;
  static final int MAX_ORIGINS = 64;
  static final int MAX_LITERAL_HEADERS = 64;
  static final int MAX_PREFIXED_HEADERS = 2;
  static final int MAX_ENTRY_LENGTH = 256;
  static final int MAX_CORS_CHARACTERS = 2048;
  static final int MAX_RETENTION_DAYS = 365;
  private static final Set<String> METHODS =
      Set.of("DELETE", "GET", "HEAD", "MERGE", "POST", "OPTIONS", "PUT");

  private ServicePropertiesRules() {}

  /** Refuses an update that breaks a limit; returns normally otherwise. */
  static void check(ServicePropertiesUpdate update) {
    if (update.logging() != null) {
      checkRetention(update.logging().retention());
    }
    if (update.hourMetrics() != null) {
      checkRetention(update.hourMetrics().retention());
    }
    if (update.minuteMetrics() != null) {
      checkRetention(update.minuteMetrics().retention());
    }
    if (update.cors() != null) {
      checkCors(update.cors());
    }
  }

  private static void checkRetention(RetentionPolicy retention) {
    Integer days = retention.days();
    if (days != null && (days < 1 || days > MAX_RETENTION_DAYS)) {
      throw TableErrorCode.INVALID_XML_NODE_VALUE.exception();
    }
  }

  private static void checkCors(List<CorsRule> rules) {
    int characters = 0;
    if (rules.size() > MAX_RULES) {
      throw TableErrorCode.INVALID_XML_DOCUMENT.exception();
    }
    for (CorsRule rule : rules) {
      checkOrigins(CorsRule.entries(rule.allowedOrigins()));
      checkMethods(CorsRule.entries(rule.allowedMethods()));
      checkHeaders(CorsRule.entries(rule.allowedHeaders()));
      checkHeaders(CorsRule.entries(rule.exposedHeaders()));
      if (rule.maxAgeInSeconds() < 0) {
        throw TableErrorCode.INVALID_XML_NODE_VALUE.exception();
      }
      characters +=
          rule.allowedOrigins().length()
              + rule.allowedMethods().length()
              + rule.allowedHeaders().length()
              + rule.exposedHeaders().length()
              + Integer.toString(rule.maxAgeInSeconds()).length();
    }
    if (characters > MAX_CORS_CHARACTERS) {
      throw TableErrorCode.INVALID_XML_DOCUMENT.exception();
    }
  }

  private static void checkOrigins(List<String> origins) {
    if (origins.isEmpty()
        || origins.size() > MAX_ORIGINS
        || origins.stream().anyMatch(o -> o.length() > MAX_ENTRY_LENGTH)) {
      throw TableErrorCode.INVALID_XML_DOCUMENT.exception();
    }
  }

  private static void checkMethods(List<String> methods) {
    if (methods.isEmpty()) {
      throw TableErrorCode.INVALID_XML_DOCUMENT.exception();
    }
    for (String method : methods) {
      if (!METHODS.contains(method.toUpperCase(Locale.ROOT))) {
        throw TableErrorCode.INVALID_XML_NODE_VALUE.exception();
      }
    }
  }

  private static void checkHeaders(List<String> headers) {
    long prefixed = headers.stream().filter(h -> h.endsWith("*")).count();
    if (prefixed > MAX_PREFIXED_HEADERS
        || headers.size() - prefixed > MAX_LITERAL_HEADERS
        || headers.stream().anyMatch(h -> h.length() > MAX_ENTRY_LENGTH)) {
      throw TableErrorCode.INVALID_XML_DOCUMENT.exception();
    }
  }
}
