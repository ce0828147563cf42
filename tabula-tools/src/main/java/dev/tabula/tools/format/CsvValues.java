package dev.tabula.tools.format;

import dev.tabula.tools.entity.EdmType;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Checks the numbers and booleans of a CSV file, whose text goes into JSON as it stands: a cell
 * that is not a number of its type must be reported on its row, not written as broken JSON. Other
 * types travel as JSON strings; the service judges them.
 */
final class CsvValues {
  /** JSON's number syntax (RFC 8259, section 6). */
  private static final Pattern JSON_NUMBER =
      Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

  private static final Pattern JSON_INTEGER = Pattern.compile("-?(0|[1-9][0-9]*)");

  private CsvValues() {}

  /** The lexical value of {@code text} as a {@code type}, or empty when it is not one. */
  static Optional<String> lexical(EdmType type, String text) {
    return switch (type) {
      case INT32 ->
          JSON_INTEGER.matcher(text).matches() && fits(text, true)
              ? Optional.of(text)
              : Optional.empty();
      case INT64 ->
          JSON_INTEGER.matcher(text).matches() && fits(text, false)
              ? Optional.of(text)
              : Optional.empty();
      case DOUBLE ->
          text.equals("NaN")
                  || text.equals("Infinity")
                  || text.equals("-Infinity")
                  || JSON_NUMBER.matcher(text).matches()
              ? Optional.of(text)
              : Optional.empty();
      case BOOLEAN ->
          text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")
              ? Optional.of(text.toLowerCase(Locale.ROOT))
              : Optional.empty();
      default -> Optional.of(text);
    };
  }

  private static boolean fits(String digits, boolean int32) {
    try {
      if (int32) {
        Integer.parseInt(digits);
      } else {
        Long.parseLong(digits);
      }
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** A value as an error message shows it: at most 40 characters. */
  static String shortened(String value) {
    return value.length() <= 40 ? value : value.substring(0, 37) + "...";
  }
}
