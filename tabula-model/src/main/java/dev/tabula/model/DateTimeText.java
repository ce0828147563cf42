package dev.tabula.model;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.jspecify.annotations.Nullable;

/**
 * Writes the service's DateTime text ({@code 2021-06-18T21:43:35.758567Z}) as ASCII digits into a
 * byte array, without {@link DateTimeFormatter}: every entity of a query response needs it three
 * times (Timestamp, the ETag, each DateTime property), and the formatter was about a quarter of a
 * query's CPU. The output equals {@code ISO_LOCAL_DATE_TIME} of the whole seconds, then {@code .}
 * and the 7-digit tick fraction with trailing zeros trimmed, then {@code Z} ({@code
 * EdmDateTimesFormatProperties} checks it against that over the service's whole range). Stateless
 * and thread-safe.
 */
final class DateTimeText {
  /** {@code yyyy-MM-ddTHH:mm:ss.fffffffZ}, the longest form for years 0 to 9999. */
  static final int MAX_LENGTH = 28;

  /** The longest form with both colons escaped as {@code %3A}, as in the ETag. */
  static final int MAX_ESCAPED_LENGTH = MAX_LENGTH + 4;

  private static final long SECONDS_PER_DAY = 86_400;

  /** "00" to "99", two ASCII digits each. */
  private static final byte[] DIGIT_PAIRS = new byte[200];

  static {
    for (int i = 0; i < 100; i++) {
      DIGIT_PAIRS[2 * i] = (byte) ('0' + i / 10);
      DIGIT_PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
    }
  }

  private DateTimeText() {}

  /** The text of an instant, truncated to the 100 ns tick. */
  static String format(Instant instant) {
    byte[] out = new byte[MAX_LENGTH];
    int length = write(out, 0, instant, false);
    return length < 0
        ? slowFormat(instant)
        : new String(out, 0, length, StandardCharsets.ISO_8859_1);
  }

  /**
   * Writes the text at {@code pos}, each {@code :} as {@code %3A} when {@code escapeColons}, and
   * returns the position after it; returns -1 (writing nothing useful) for a year outside 0 to
   * 9999, which the caller formats the slow way. {@code out} must have room for {@link
   * #MAX_ESCAPED_LENGTH} bytes from {@code pos}.
   */
  static int write(byte[] out, int pos, Instant instant, boolean escapeColons) {
    long seconds = instant.getEpochSecond();
    long days = Math.floorDiv(seconds, SECONDS_PER_DAY);
    int secondOfDay = (int) Math.floorMod(seconds, SECONDS_PER_DAY);
    // Days to a proleptic Gregorian date (H. Hinnant's days_from_civil, inverted), in 400-year
    // eras.
    long shifted = days + 719_468;
    long era = Math.floorDiv(shifted, 146_097);
    int dayOfEra = (int) (shifted - era * 146_097);
    int yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
    int dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
    int monthIndex = (5 * dayOfYear + 2) / 153;
    int day = dayOfYear - (153 * monthIndex + 2) / 5 + 1;
    int month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
    long year = era * 400 + yearOfEra + (month <= 2 ? 1 : 0);
    if (year < 0 || year > 9999) {
      return -1;
    }
    int p = pair(out, pos, (int) year / 100);
    p = pair(out, p, (int) year % 100);
    out[p++] = '-';
    p = pair(out, p, month);
    out[p++] = '-';
    p = pair(out, p, day);
    out[p++] = 'T';
    p = pair(out, p, secondOfDay / 3600);
    p = colon(out, p, escapeColons);
    p = pair(out, p, secondOfDay / 60 % 60);
    p = colon(out, p, escapeColons);
    p = pair(out, p, secondOfDay % 60);
    p = fraction(out, p, instant.getNano() / 100);
    out[p++] = 'Z';
    return p;
  }

  /** {@code .} and the tick count as 7 digits without trailing zeros; nothing for zero. */
  private static int fraction(byte[] out, int pos, int ticks) {
    if (ticks == 0) {
      return pos;
    }
    int width = 7;
    while (ticks % 10 == 0) {
      ticks /= 10;
      width--;
    }
    out[pos] = '.';
    return digits(out, pos + 1, ticks, width);
  }

  /**
   * Two digits of {@code value} (0 to 99) from a table: a date is mostly such pairs, and dividing
   * for each digit was most of formatting one (JFR, a query page formats three per entity).
   */
  private static int pair(byte[] out, int pos, int value) {
    out[pos] = DIGIT_PAIRS[2 * value];
    out[pos + 1] = DIGIT_PAIRS[2 * value + 1];
    return pos + 2;
  }

  /** {@code width} digits of {@code value}, zero-padded, two at a time from the right. */
  private static int digits(byte[] out, int pos, int value, int width) {
    int i = pos + width;
    while (i - pos >= 2) {
      i -= 2;
      pair(out, i, value % 100);
      value /= 100;
    }
    if (i > pos) {
      out[pos] = (byte) ('0' + value % 10);
    }
    return pos + width;
  }

  private static int colon(byte[] out, int pos, boolean escaped) {
    if (!escaped) {
      out[pos] = ':';
      return pos + 1;
    }
    out[pos] = '%';
    out[pos + 1] = '3';
    out[pos + 2] = 'A';
    return pos + 3;
  }

  /**
   * The instant of {@code yyyy-MM-ddTHH:mm:ss[.f{1,9}]Z}, the form every SDK sends, truncated to
   * the 100 ns tick; null for any other text, also a valid one, which the caller parses with
   * java.time (Parsed's field maps were ~3% of an insert's CPU). Only a value that is certainly
   * valid is answered, so the result always equals the java.time one ({@code
   * EdmDateTimesParseProperties}).
   */
  static @Nullable Instant parseCanonical(String text) {
    int length = text.length();
    if (length < 20
        || length > 30
        || text.charAt(length - 1) != 'Z'
        || text.charAt(4) != '-'
        || text.charAt(7) != '-'
        || text.charAt(10) != 'T'
        || text.charAt(13) != ':'
        || text.charAt(16) != ':') {
      return null;
    }
    int year = number(text, 0, 4);
    int month = number(text, 5, 7);
    int day = number(text, 8, 10);
    int hour = number(text, 11, 13);
    int minute = number(text, 14, 16);
    int second = number(text, 17, 19);
    if (year < 0
        || month < 1
        || month > 12
        || day < 1
        || day > daysIn(year, month)
        || hour < 0
        || hour > 23
        || minute < 0
        || minute > 59
        || second < 0
        || second > 59) {
      return null;
    }
    int nanos = 0;
    if (length > 20) {
      int digits = length - 21; // between '.' and 'Z'
      if (text.charAt(19) != '.' || digits < 1) { // at most 9: the length is at most 30
        return null;
      }
      nanos = number(text, 20, 20 + digits);
      if (nanos < 0) {
        return null;
      }
      for (int i = digits; i < 9; i++) {
        nanos *= 10;
      }
    }
    long seconds =
        daysFromCivil(year, month, day) * SECONDS_PER_DAY + hour * 3600L + minute * 60L + second;
    return Instant.ofEpochSecond(seconds, nanos - nanos % 100);
  }

  /** The decimal value of ASCII digits {@code [from, to)}, or -1 if any is not a digit. */
  private static int number(String text, int from, int to) {
    int value = 0;
    for (int i = from; i < to; i++) {
      int digit = text.charAt(i) - '0';
      if (digit < 0 || digit > 9) {
        return -1;
      }
      value = value * 10 + digit;
    }
    return value;
  }

  private static int daysIn(int year, int month) {
    return switch (month) {
      case 2 -> year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28;
      case 4, 6, 9, 11 -> 30;
      default -> 31;
    };
  }

  /** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
  private static long daysFromCivil(int year, int month, int day) {
    int y = month <= 2 ? year - 1 : year;
    int era = Math.floorDiv(y, 400);
    int yearOfEra = y - era * 400;
    int dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
    int dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
    return era * 146_097L + dayOfEra - 719_468;
  }

  /** Years beyond 4 digits, which the service's range excludes; kept only so nothing throws. */
  private static String slowFormat(Instant instant) {
    Instant t = EdmDateTimes.truncate(instant);
    String base =
        DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(
            LocalDateTime.ofEpochSecond(t.getEpochSecond(), 0, ZoneOffset.UTC));
    byte[] fraction = new byte[8];
    int end = fraction(fraction, 0, t.getNano() / 100);
    return base + new String(fraction, 0, end, StandardCharsets.ISO_8859_1) + "Z";
  }
}
