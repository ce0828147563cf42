package dev.tabula.protocol.auth;

import dev.tabula.model.TableException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The window of request dates the server accepts: within {@code maxSkew} of its clock, in either
 * direction. A signed date bounds how long a captured request can be replayed.
 *
 * <p>The service rejects a request whose date is more than 15 minutes old ("Request date header too
 * old"). It does not document a bound for dates in the future; we apply the same bound, because a
 * request signed with a future date could otherwise be replayed until that date plus 15 minutes.
 *
 * <p>Immutable and thread-safe.
 */
public final class RequestDateWindow {
  /** The service's allowance: "no older than 15 minutes by the time it reaches the service". */
  public static final Duration DEFAULT_MAX_SKEW = Duration.ofMinutes(15);

  // RFC 1123 with the weekday optional and names in any case. The weekday is cut off before
  // parsing: clients compute it, and a wrong one says nothing about when the request was made.
  // Strict, so an impossible date such as 31 Nov is refused rather than moved to 30 Nov.
  private static final DateTimeFormatter RFC_1123 =
      new DateTimeFormatterBuilder()
          .parseCaseInsensitive()
          .append(DateTimeFormatter.RFC_1123_DATE_TIME)
          .toFormatter(Locale.US)
          .withResolverStyle(ResolverStyle.STRICT);
  private static final Pattern WEEKDAY = Pattern.compile("^[A-Za-z]+,\\s*");
  private static final DateTimeFormatter HTTP_DATE =
      DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US);

  /** A header and the date it holds. */
  private record ParsedDate(String text, Instant date) {}

  // Clients stamp every request of the same second with the same date text, and java.time's
  // parse costs several microseconds, so the last text parsed is kept. One immutable pair behind a
  // volatile field: a race only costs a parse.
  private static volatile ParsedDate lastParsed = new ParsedDate("", Instant.EPOCH);

  private final Clock clock;
  private final Duration maxSkew;

  /** A window of {@link #DEFAULT_MAX_SKEW} around {@code clock}. */
  public RequestDateWindow(Clock clock) {
    this(clock, DEFAULT_MAX_SKEW);
  }

  public RequestDateWindow(Clock clock, Duration maxSkew) {
    this.clock = Objects.requireNonNull(clock, "clock");
    this.maxSkew = Objects.requireNonNull(maxSkew, "maxSkew");
  }

  /**
   * Parses an RFC 1123 date header ({@code Mon, 30 Nov 2026 07:17:00 GMT}); empty when it is not
   * one.
   */
  public static Optional<Instant> parse(String value) {
    ParsedDate last = lastParsed;
    if (last.text().equals(value)) {
      return Optional.of(last.date());
    }
    try {
      String withoutWeekday = WEEKDAY.matcher(value.strip()).replaceFirst("");
      Instant date = ZonedDateTime.parse(withoutWeekday, RFC_1123).toInstant();
      lastParsed = new ParsedDate(value, date);
      return Optional.of(date);
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }

  /**
   * The date the header holds, when it is inside the window.
   *
   * @throws TableException 403 AuthenticationFailed when the date does not parse or lies outside
   *     the window
   */
  public Instant check(String value) {
    Instant date =
        parse(value)
            .orElseThrow(
                () ->
                    AuthenticationErrors.authenticationFailed(
                        "The Date header in the request is incorrect."));
    String problem = problem(date);
    if (problem != null) {
      throw AuthenticationErrors.authenticationFailed(problem);
    }
    return date;
  }

  /** Whether the header holds a date inside the window. */
  public boolean contains(String value) {
    return parse(value).map(date -> problem(date) == null).orElse(false);
  }

  /** Why the date lies outside the window, or null when it lies inside. */
  private String problem(Instant date) {
    Instant now = clock.instant();
    if (date.isBefore(now.minus(maxSkew))) {
      return "Request date header too old: '" + format(date) + "'";
    }
    if (date.isAfter(now.plus(maxSkew))) {
      return "Request date header too far in the future: '" + format(date) + "'";
    }
    return null;
  }

  private static String format(Instant date) {
    return HTTP_DATE.format(date.atOffset(ZoneOffset.UTC));
  }
}
