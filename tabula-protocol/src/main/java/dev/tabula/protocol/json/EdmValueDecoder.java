package dev.tabula.protocol.json;

import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.EdmType;
import dev.tabula.model.EdmValue;
import dev.tabula.model.EdmValue.EdmBinary;
import dev.tabula.model.EdmValue.EdmBoolean;
import dev.tabula.model.EdmValue.EdmDateTime;
import dev.tabula.model.EdmValue.EdmDouble;
import dev.tabula.model.EdmValue.EdmGuid;
import dev.tabula.model.EdmValue.EdmInt32;
import dev.tabula.model.EdmValue.EdmInt64;
import dev.tabula.model.EdmValue.EdmString;
import dev.tabula.model.EntityRules;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import dev.tabula.protocol.json.JsonScalar.Kind;
import java.time.Instant;
import java.util.Base64;
import java.util.UUID;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Turns one JSON property value, with its {@code @odata.type} annotation if any, into an Edm value.
 * A value that does not read as its annotated type is 400 {@code InvalidInput}: the service parses
 * bodies with ODataLib, whose conversion failures it reports with that code (the SDK enums' {@code
 * InvalidValueType} has no documented trigger in entity bodies).
 */
final class EdmValueDecoder {
  private static final Pattern DECIMAL =
      Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

  private EdmValueDecoder() {}

  /**
   * The typed value; {@code type} is null when the property had no annotation. Never called for
   * JSON null, which the reader drops.
   */
  static EdmValue decode(String name, JsonScalar value, @Nullable EdmType type) {
    if (type == null) {
      return inferred(value);
    }
    return switch (type) {
      case STRING -> new EdmString(string(value));
      case BINARY -> new EdmBinary(binary(value));
      case BOOLEAN -> new EdmBoolean(bool(value));
      case DATE_TIME -> new EdmDateTime(dateTime(name, value));
      case DOUBLE -> new EdmDouble(dbl(value));
      case GUID -> new EdmGuid(guid(value));
      case INT32 -> new EdmInt32(int32(value));
      case INT64 -> new EdmInt64(int64(value));
    };
  }

  /**
   * Untyped JSON: strings are Edm.String, true/false Edm.Boolean, numbers with a fraction or
   * exponent Edm.Double. An integer is Edm.Int32 when it fits and Edm.Double otherwise, because the
   * service's reader (ODataLib v3 {@code JsonReader.ParseNumberPrimitiveValue}) tries Int32 and
   * then Double. Azurite stores any integer as Int32 instead, which no longer round-trips beyond
   * 2^31; the SDKs annotate Int64 explicitly, so only hand-written JSON meets this rule.
   */
  private static EdmValue inferred(JsonScalar value) {
    return switch (value.kind()) {
      case STRING -> new EdmString(value.text());
      case BOOLEAN -> new EdmBoolean(Boolean.parseBoolean(value.text()));
      case INTEGER -> {
        try {
          yield new EdmInt32(Integer.parseInt(value.text()));
        } catch (NumberFormatException beyondInt32) {
          yield new EdmDouble(finite(value.text()));
        }
      }
      case DECIMAL -> new EdmDouble(finite(value.text()));
      case NULL -> throw invalid();
    };
  }

  private static String string(JsonScalar value) {
    return require(value, Kind.STRING);
  }

  private static byte[] binary(JsonScalar value) {
    try {
      return Base64.getDecoder().decode(require(value, Kind.STRING));
    } catch (IllegalArgumentException notBase64) {
      throw invalid();
    }
  }

  /** JSON true/false; the strings "true"/"false" too, as ODataLib converts annotated strings. */
  private static boolean bool(JsonScalar value) {
    if (value.kind() == Kind.BOOLEAN
        || value.kind() == Kind.STRING
            && (value.text().equals("true") || value.text().equals("false"))) {
      return value.text().equals("true");
    }
    throw invalid();
  }

  /** ISO 8601; no offset means UTC. Outside 1601..9999 is 400 OutOfRangeInput (see EntityRules). */
  private static Instant dateTime(String name, JsonScalar value) {
    String text = require(value, Kind.STRING);
    Instant instant = EdmDateTimes.parse(text);
    if (instant == null) {
      throw invalid();
    }
    if (!EdmDateTimes.inRange(instant)) {
      throw EntityRules.dateTimeOutOfRange(name, instant);
    }
    return instant;
  }

  /**
   * A JSON number, or a string holding one or NaN/Infinity/-Infinity (how SDKs send the special
   * values, and how the JS SDK sends {@code "1.23456789012346e+24"}).
   */
  private static double dbl(JsonScalar value) {
    if (value.kind() == Kind.INTEGER || value.kind() == Kind.DECIMAL) {
      return finite(value.text());
    }
    String text = require(value, Kind.STRING);
    return switch (text) {
      case "NaN" -> Double.NaN;
      case "Infinity" -> Double.POSITIVE_INFINITY;
      case "-Infinity" -> Double.NEGATIVE_INFINITY;
      default -> {
        if (!DECIMAL.matcher(text).matches()) {
          throw invalid();
        }
        yield finite(text);
      }
    };
  }

  /** Overflow such as {@code 1.797693134862316e308} is 400 InvalidInput on the service. */
  private static double finite(String text) {
    double parsed = Double.parseDouble(text);
    if (Double.isInfinite(parsed)) {
      throw invalid();
    }
    return parsed;
  }

  /** The .NET Guid forms D, N, B and P, since the service parses with {@code new Guid(string)}. */
  private static UUID guid(JsonScalar value) {
    String text = require(value, Kind.STRING);
    if (text.length() == 38
        && (text.startsWith("{") && text.endsWith("}")
            || text.startsWith("(") && text.endsWith(")"))) {
      text = text.substring(1, 37);
    }
    if (isGuidD(text)) {
      // 8-4-4-4-12 digits: the high long is the first three groups, the low long the last two.
      long high = hexDigits(text, 14, 18, hexDigits(text, 9, 13, hexDigits(text, 0, 8, 0)));
      long low = hexDigits(text, 24, 36, hexDigits(text, 19, 23, 0));
      return new UUID(high, low);
    } else if (text.length() == 32 && isHex(text, 0, 32)) {
      return new UUID(hexDigits(text, 0, 16, 0), hexDigits(text, 16, 32, 0));
    }
    throw invalid();
  }

  /** {@code into} shifted left by the checked hex digits {@code text[from, to)}, added in. */
  private static long hexDigits(String text, int from, int to, long into) {
    long value = into;
    for (int i = from; i < to; i++) {
      value = value << 4 | Character.digit(text.charAt(i), 16);
    }
    return value;
  }

  private static int int32(JsonScalar value) {
    try {
      return Integer.parseInt(integerText(value));
    } catch (NumberFormatException outOfRange) {
      throw invalid();
    }
  }

  /** The wire form is a JSON string; a JSON integer is accepted too. */
  private static long int64(JsonScalar value) {
    try {
      return Long.parseLong(integerText(value));
    } catch (NumberFormatException outOfRange) {
      throw invalid();
    }
  }

  private static String integerText(JsonScalar value) {
    if (value.kind() == Kind.INTEGER || value.kind() == Kind.STRING && isInteger(value.text())) {
      return value.text();
    }
    throw invalid();
  }

  // Character checks instead of regular expressions: matching the Guid pattern took ~5% of an
  // insert's CPU in a profile (one recursive call per character).

  /** {@code 8-4-4-4-12} hex digits with hyphens (the form D). */
  private static boolean isGuidD(String text) {
    return text.length() == 36
        && text.charAt(8) == '-'
        && text.charAt(13) == '-'
        && text.charAt(18) == '-'
        && text.charAt(23) == '-'
        && isHex(text, 0, 8)
        && isHex(text, 9, 13)
        && isHex(text, 14, 18)
        && isHex(text, 19, 23)
        && isHex(text, 24, 36);
  }

  private static boolean isHex(String text, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')) {
        return false;
      }
    }
    return true;
  }

  /** An optional sign, then one or more ASCII digits. */
  private static boolean isInteger(String text) {
    int start = !text.isEmpty() && (text.charAt(0) == '+' || text.charAt(0) == '-') ? 1 : 0;
    if (start == text.length()) {
      return false;
    }
    for (int i = start; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  private static String require(JsonScalar value, Kind kind) {
    if (value.kind() != kind) {
      throw invalid();
    }
    return value.text();
  }

  private static TableException invalid() {
    return TableErrorCode.INVALID_INPUT.exception();
  }
}
