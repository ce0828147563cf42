package dev.tabula.protocol.batch;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A parsed {@code Content-Type}: type/subtype in lower case and its parameters (names
 * case-insensitive, quoted values unquoted). Clients differ in spelling: the JavaScript SDK sends
 * {@code multipart/mixed;charset="utf-8";boundary=changeset_…}, the others {@code multipart/mixed;
 * boundary=batch_…}. Immutable.
 */
record MediaType(String type, Map<String, String> parameters) {

  /** The media type of a header value, or null when it is absent or not {@code type/subtype}. */
  static MediaType parse(String headerValue) {
    if (headerValue == null) {
      return null;
    }
    String[] pieces = splitParameters(headerValue);
    String type = pieces[0].trim().toLowerCase(Locale.ROOT);
    int slash = type.indexOf('/');
    if (slash <= 0 || slash == type.length() - 1) {
      return null;
    }
    Map<String, String> params = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    for (int i = 1; i < pieces.length; i++) {
      int eq = pieces[i].indexOf('=');
      if (eq > 0) {
        params.put(pieces[i].substring(0, eq).trim(), unquote(pieces[i].substring(eq + 1).trim()));
      }
    }
    return new MediaType(type, Collections.unmodifiableMap(params));
  }

  /** Whether this is {@code multipart/mixed}. */
  boolean isMultipartMixed() {
    return type.equals("multipart/mixed");
  }

  /** Whether this is {@code application/http}, the type of one operation's part. */
  boolean isApplicationHttp() {
    return type.equals("application/http");
  }

  /** The {@code boundary} parameter, or null when there is none (or it is empty). */
  String boundary() {
    String boundary = parameters.get("boundary");
    return boundary == null || boundary.isEmpty() ? null : boundary;
  }

  /** Splits at semicolons that are not inside a quoted string. */
  private static String[] splitParameters(String value) {
    List<String> out = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '"') {
        quoted = !quoted;
      }
      if (c == ';' && !quoted) {
        out.add(current.toString());
        current.setLength(0);
      } else {
        current.append(c);
      }
    }
    out.add(current.toString());
    return out.toArray(new String[0]);
  }

  private static String unquote(String value) {
    if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
      return value.substring(1, value.length() - 1);
    }
    return value;
  }
}
