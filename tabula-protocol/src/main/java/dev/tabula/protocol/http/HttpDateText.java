package dev.tabula.protocol.http;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The {@code Date} header's text ({@code Mon, 30 Nov 2026 08:16:00 GMT}), formatted at most once
 * per second: every response carries it, and a pattern formatter costs more than a small request's
 * whole JSON. Thread-safe: the last second and its text are published together in one immutable
 * holder.
 */
public final class HttpDateText {
  private static final DateTimeFormatter HTTP_DATE =
      DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US);

  private record Formatted(long epochSecond, String text) {}

  private volatile Formatted last = new Formatted(Long.MIN_VALUE, "");

  /** The header text of the second {@code now} falls in. */
  public String format(Instant now) {
    Formatted cached = last;
    long second = now.getEpochSecond();
    if (cached.epochSecond() != second) {
      cached = new Formatted(second, HTTP_DATE.format(now.atOffset(ZoneOffset.UTC)));
      last = cached;
    }
    return cached.text();
  }
}
