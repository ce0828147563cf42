package dev.tabula.protocol.batch;

import dev.tabula.model.TableErrorCode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A block of {@code Name: value} lines ended by an empty line, as MIME part headers and the headers
 * of an operation's HTTP request are written; what follows the empty line is the body. Lines end
 * with CRLF or a bare LF (both are sent: the Java, .NET and Python SDKs use CRLF, hand-written and
 * older clients LF). A line that is not a header, or a block without the empty line before a body,
 * is 400 InvalidInput. Immutable.
 *
 * @param headers names case-insensitive, every value of a repeated name in order
 * @param bodyStart the index of the first character after the empty line (the text's length when
 *     the block runs to the end)
 */
record HeaderBlock(Map<String, List<String>> headers, int bodyStart) {

  /** Reads the header lines of {@code text} starting at {@code from}. */
  static HeaderBlock read(String text, int from) {
    Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    int pos = from;
    String lastName = null;
    while (pos < text.length()) {
      int newline = text.indexOf('\n', pos);
      int lineEnd = newline < 0 ? text.length() : newline;
      int next = newline < 0 ? text.length() : newline + 1;
      String line = stripCr(text.substring(pos, lineEnd));
      if (line.isEmpty()) {
        return new HeaderBlock(Collections.unmodifiableMap(headers), next);
      }
      if ((line.charAt(0) == ' ' || line.charAt(0) == '\t') && lastName != null) {
        List<String> values = headers.get(lastName); // an obsolete folded continuation line
        values.set(values.size() - 1, values.get(values.size() - 1) + " " + line.trim());
      } else {
        int colon = line.indexOf(':');
        if (colon <= 0) {
          throw TableErrorCode.INVALID_INPUT.exception();
        }
        lastName = line.substring(0, colon).trim();
        headers
            .computeIfAbsent(lastName, k -> new ArrayList<>())
            .add(line.substring(colon + 1).trim());
      }
      pos = next;
    }
    return new HeaderBlock(Collections.unmodifiableMap(headers), text.length());
  }

  /** The first value of a header, or null. */
  String first(String name) {
    List<String> values = headers.get(name);
    return values == null || values.isEmpty() ? null : values.get(0);
  }

  static String stripCr(String line) {
    return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
  }
}
