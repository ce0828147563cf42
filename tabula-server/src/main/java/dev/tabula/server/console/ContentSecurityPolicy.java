package dev.tabula.server.console;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * The console's Content-Security-Policy: everything from the console's own origin only, nothing
 * inline but the page's import map, allowed by its SHA-256 (computed here from the page as built,
 * so editing the map cannot leave a stale hash behind). No frames may hold the page, no plugin
 * runs, and forms post only to the console.
 */
final class ContentSecurityPolicy {
  private static final String OPEN = "<script type=\"importmap\">";
  private static final String CLOSE = "</script>";

  private ContentSecurityPolicy() {}

  /** The header's value for {@code indexHtml}, the page that holds the one inline import map. */
  static String forPage(byte[] indexHtml) {
    String page = new String(indexHtml, StandardCharsets.UTF_8);
    int open = page.indexOf(OPEN);
    if (open < 0) {
      throw new IllegalStateException("the console's index.html has no import map");
    }
    int start = open + OPEN.length();
    int end = page.indexOf(CLOSE, start);
    String map = page.substring(start, end);
    return "default-src 'self'; script-src 'self' 'sha256-"
        + sha256(map)
        + "'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none';"
        + " base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
  }

  private static String sha256(String text) {
    try {
      return Base64.getEncoder()
          .encodeToString(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}
