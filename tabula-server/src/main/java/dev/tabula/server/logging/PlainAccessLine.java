package dev.tabula.server.logging;

import dev.tabula.server.telemetry.AnsweredRequest;
import org.jspecify.annotations.Nullable;

/**
 * An access log line as text: fields separated by one space, {@code -} for a field without a value,
 * and a value that could be mistaken for more or fewer fields (with a space, a quote, a backslash,
 * a control character, or a lone {@code -}: a table name in a malformed URL, say) written in double
 * quotes with backslash escapes. The fields, in order:
 *
 * <pre>
 * time client account method operation table status errorCode durationMs bytesIn bytesOut requestId completed
 * 2026-12-02T09:15:02.117Z 127.0.0.1 devstoreaccount1 POST InsertEntity orders 204 - 2.481 118 0 5f0c...e1 complete
 * </pre>
 *
 * The last field is {@code complete}, or {@code incomplete} when the connection failed before the
 * whole answer was written.
 */
final class PlainAccessLine {
  private PlainAccessLine() {}

  static String of(AnsweredRequest r) {
    StringBuilder line = new StringBuilder(192);
    line.append(AccessLineFields.time(r));
    field(line, r.client());
    field(line, r.account());
    field(line, r.method());
    field(line, r.operation());
    field(line, r.table());
    line.append(' ').append(r.status());
    field(line, r.errorCode());
    line.append(' ').append(AccessLineFields.durationMillis(r).toPlainString());
    line.append(' ').append(r.bytesIn());
    line.append(' ').append(r.bytesOut());
    field(line, r.requestId());
    line.append(r.completed() ? " complete" : " incomplete");
    return line.toString();
  }

  private static void field(StringBuilder line, @Nullable String value) {
    line.append(' ');
    if (value == null || value.isEmpty()) {
      line.append('-');
    } else if (needsQuotes(value)) {
      quoted(line, value);
    } else {
      line.append(value);
    }
  }

  private static boolean needsQuotes(String value) {
    if (value.equals("-")) {
      return true;
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '"' || c == '\\' || Character.isWhitespace(c) || Character.isISOControl(c)) {
        return true;
      }
    }
    return false;
  }

  private static void quoted(StringBuilder line, String value) {
    line.append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"' -> line.append("\\\"");
        case '\\' -> line.append("\\\\");
        case '\n' -> line.append("\\n");
        case '\r' -> line.append("\\r");
        case '\t' -> line.append("\\t");
        default -> {
          if (Character.isISOControl(c)) {
            line.append(String.format("\\u%04x", (int) c));
          } else {
            line.append(c);
          }
        }
      }
    }
    line.append('"');
  }
}
