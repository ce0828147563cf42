package dev.tabula.model;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import org.jspecify.annotations.Nullable;

/**
 * The Table service's DateTime rules: 100 ns precision, the range 1601-01-01 to 9999-12-31 (UTC),
 * and the wire form with trailing fractional zeros trimmed ({@code 2020-09-17T00:00:00Z}, {@code
 * 2021-06-18T21:43:35.758567Z}), as captured from the real service.
 */
public final class EdmDateTimes {
  /** The earliest DateTime the service stores: the Windows file-time epoch. */
  public static final Instant MIN = Instant.parse("1601-01-01T00:00:00Z");

  /** The latest DateTime the service stores. */
  public static final Instant MAX = Instant.parse("9999-12-31T23:59:59.9999999Z");

  private EdmDateTimes() {}

  /** Drops precision finer than the service's 100 ns tick. */
  public static Instant truncate(Instant instant) {
    int nanos = instant.getNano();
    return nanos % 100 == 0 ? instant : instant.minusNanos(nanos % 100);
  }

  /** True when the instant lies in the service's DateTime range. */
  public static boolean inRange(Instant instant) {
    return !instant.isBefore(MIN) && !instant.isAfter(MAX);
  }

  /** The most bytes {@link #write} writes. */
  public static final int MAX_TEXT_LENGTH = DateTimeText.MAX_LENGTH;

  /** Formats as ISO 8601 UTC with at most 7 fractional digits and trailing zeros trimmed. */
  public static String format(Instant instant) {
    return DateTimeText.format(instant);
  }

  /**
   * Writes {@link #format}'s text as ASCII bytes at {@code pos}, for writers that copy it into a
   * response without making a {@code String}, and returns the position after it. Returns -1, having
   * written nothing useful, for a year beyond four digits (outside the service's range), which the
   * caller formats with {@link #format}. {@code out} needs room for {@link #MAX_TEXT_LENGTH} bytes
   * from {@code pos}.
   */
  public static int write(byte[] out, int pos, Instant instant) {
    return DateTimeText.write(out, pos, instant, false);
  }

  /**
   * Parses an ISO 8601 date-time; a value without an offset is taken as UTC, as the service (and
   * Azurite) do. Returns null when the text is not a date-time. More than 7 fractional digits are
   * accepted and truncated to the 100 ns tick.
   */
  public static @Nullable Instant parse(String text) {
    Instant canonical = DateTimeText.parseCanonical(text);
    if (canonical != null) {
      return canonical;
    }
    try {
      return truncate(
          OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant());
    } catch (DateTimeParseException withOffsetFailed) {
      try {
        return truncate(
            LocalDateTime.parse(text, DateTimeFormatter.ISO_LOCAL_DATE_TIME)
                .toInstant(ZoneOffset.UTC));
      } catch (DateTimeParseException e) {
        return null;
      }
    }
  }

  /** Whole 100 ns ticks since the Unix epoch, the unit of the commit clock. */
  public static long toTicks(Instant instant) {
    return Math.addExact(
        Math.multiplyExact(instant.getEpochSecond(), 10_000_000L), instant.getNano() / 100);
  }

  /** The instant of a tick count from {@link #toTicks}. */
  public static Instant fromTicks(long ticks) {
    // One Instant, not three: every stored entity's Timestamp is read through here.
    return Instant.ofEpochSecond(
        Math.floorDiv(ticks, 10_000_000L), Math.floorMod(ticks, 10_000_000L) * 100);
  }
}
