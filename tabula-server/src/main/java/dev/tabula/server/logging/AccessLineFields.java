package dev.tabula.server.logging;

import dev.tabula.server.telemetry.AnsweredRequest;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** What both access line formats write the same way: the time and the duration. */
final class AccessLineFields {
  /** ISO 8601 in UTC, always with milliseconds, so lines align and sort as text. */
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  private AccessLineFields() {}

  /** When the request had arrived whole. */
  static String time(AnsweredRequest request) {
    return TIME.format(Instant.ofEpochMilli(request.startedAtMillis()));
  }

  /** How long the answer took, in milliseconds to the microsecond. */
  static BigDecimal durationMillis(AnsweredRequest request) {
    return BigDecimal.valueOf(request.durationNanos() / 1_000, 3);
  }
}
