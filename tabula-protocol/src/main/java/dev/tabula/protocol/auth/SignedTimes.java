package dev.tabula.protocol.auth;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.Locale;

/**
 * The times of shared access signatures and stored access policies. The service accepts "one of the
 * accepted ISO 8601 UTC formats" (learn.microsoft.com "Set Table ACL"): {@code YYYY-MM-DD}, {@code
 * YYYY-MM-DDThh:mmTZD}, {@code YYYY-MM-DDThh:mm:ssTZD} and {@code YYYY-MM-DDThh:mm:ss.fffffffTZD};
 * a missing designator is read as UTC. Policies come back with seven fractional digits ({@code
 * 2021-07-08T09:10:09.0000000Z}, a real-service capture in Azure/azure-sdk-for-js
 * sdk/tables/data-tables/recordings/node/access_policy_operations).
 */
public final class SignedTimes {
  private static final DateTimeFormatter ISO =
      new DateTimeFormatterBuilder()
          .appendPattern("uuuu-MM-dd")
          .optionalStart()
          .appendLiteral('T')
          .appendPattern("HH:mm")
          .optionalStart()
          .appendLiteral(':')
          .appendPattern("ss")
          .optionalStart()
          .appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true)
          .optionalEnd()
          .optionalEnd()
          .optionalStart()
          .appendOffset("+HH:MM", "Z")
          .optionalEnd()
          .optionalEnd()
          .parseDefaulting(ChronoField.HOUR_OF_DAY, 0)
          .parseDefaulting(ChronoField.MINUTE_OF_HOUR, 0)
          .parseDefaulting(ChronoField.SECOND_OF_MINUTE, 0)
          .parseDefaulting(ChronoField.NANO_OF_SECOND, 0)
          .parseDefaulting(ChronoField.OFFSET_SECONDS, 0)
          .toFormatter(Locale.ROOT);

  private static final DateTimeFormatter SEVEN_DIGITS =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSS'Z'", Locale.ROOT)
          .withZone(ZoneOffset.UTC);

  private static final DateTimeFormatter HTTP_DATE =
      DateTimeFormatter.ofPattern("EEE, dd MMM uuuu HH:mm:ss 'GMT'", Locale.US)
          .withZone(ZoneOffset.UTC);

  private SignedTimes() {}

  /** Parses one of the accepted forms; null when the text is none of them. */
  public static Instant parse(String text) {
    try {
      return java.time.OffsetDateTime.parse(text, ISO).toInstant();
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /** The form Get Table ACL answers with: UTC, seven fractional digits. */
  public static String format(Instant instant) {
    return SEVEN_DIGITS.format(instant);
  }

  /** The RFC 1123 form the service quotes in time-window errors. */
  static String httpDate(Instant instant) {
    return HTTP_DATE.format(instant);
  }
}
