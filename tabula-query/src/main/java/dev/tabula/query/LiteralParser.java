package dev.tabula.query;

import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.EdmValue;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Locale;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Gives number tokens and typed literals their Edm type and value, with ODataLib's rules (the
 * service's parser): an integer without suffix is Edm.Int32 and one that does not fit is 400
 * InvalidInput "Unrecognized 'Edm.Int32' literal '…'" (captured in Azure/azure-storage-node#316);
 * {@code L} (or {@code l}) makes Edm.Int64; a fraction or an exponent makes Edm.Double, as does a
 * {@code d}/{@code D} suffix. ODataLib's {@code M} (decimal) and {@code f} (single) suffixes name
 * types the Table service cannot store, so Tabula answers 400 InvalidInput for them (not confirmed
 * against the service).
 */
final class LiteralParser {
  private static final Pattern NUMBER =
      Pattern.compile("(-?[0-9]+)(\\.[0-9]+)?([eE][+-]?[0-9]+)?([A-Za-z]*)");
  private static final Pattern GUID =
      Pattern.compile(
          "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

  private LiteralParser() {}

  /** The value of a number token as written. */
  static EdmValue number(String text) {
    Matcher m = NUMBER.matcher(text);
    if (!m.matches()) {
      throw FilterErrors.syntax();
    }
    boolean integral = m.group(2) == null && m.group(3) == null;
    String suffix = m.group(4);
    if (suffix.isEmpty()) {
      return integral ? int32(text) : dbl(text, text);
    }
    if (suffix.equals("L") || suffix.equals("l")) {
      if (!integral) {
        throw FilterErrors.syntax();
      }
      return int64(text.substring(0, text.length() - 1), text);
    }
    if (suffix.equals("D") || suffix.equals("d")) {
      return dbl(text.substring(0, text.length() - 1), text);
    }
    throw FilterErrors.syntax();
  }

  /**
   * The value of a typed literal: {@code datetime'…'} (ISO 8601; without an offset it is UTC),
   * {@code guid'…'} (the 36-character hyphenated form) and {@code binary'…'} or {@code X'…'} (an
   * even number of hex digits). The prefix is matched ignoring case, as ODataLib does.
   */
  static EdmValue typed(String prefix, String content) {
    switch (prefix.toLowerCase(Locale.ROOT)) {
      case "datetime":
        Instant instant = EdmDateTimes.parse(content.trim());
        if (instant == null) {
          throw FilterErrors.unrecognizedLiteral("Edm.DateTime", prefix + "'" + content + "'");
        }
        return new EdmValue.EdmDateTime(instant);
      case "guid":
        if (!GUID.matcher(content).matches()) {
          throw FilterErrors.unrecognizedLiteral("Edm.Guid", prefix + "'" + content + "'");
        }
        return new EdmValue.EdmGuid(UUID.fromString(content));
      case "binary":
      case "x":
        return binary(prefix, content);
      default:
        throw FilterErrors.syntax();
    }
  }

  private static EdmValue binary(String prefix, String content) {
    if (content.length() % 2 != 0) {
      throw FilterErrors.unrecognizedLiteral("Edm.Binary", prefix + "'" + content + "'");
    }
    try {
      return new EdmValue.EdmBinary(HexFormat.of().parseHex(content));
    } catch (IllegalArgumentException e) {
      throw FilterErrors.unrecognizedLiteral("Edm.Binary", prefix + "'" + content + "'");
    }
  }

  private static EdmValue int32(String text) {
    try {
      return new EdmValue.EdmInt32(Integer.parseInt(text));
    } catch (NumberFormatException e) {
      throw FilterErrors.unrecognizedLiteral("Edm.Int32", text);
    }
  }

  private static EdmValue int64(String digits, String text) {
    try {
      return new EdmValue.EdmInt64(Long.parseLong(digits));
    } catch (NumberFormatException e) {
      throw FilterErrors.unrecognizedLiteral("Edm.Int64", text);
    }
  }

  private static EdmValue dbl(String number, String text) {
    double value = Double.parseDouble(number);
    if (Double.isInfinite(value)) {
      throw FilterErrors.unrecognizedLiteral("Edm.Double", text);
    }
    return new EdmValue.EdmDouble(value);
  }
}
