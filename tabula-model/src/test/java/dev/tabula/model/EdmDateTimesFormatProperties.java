package dev.tabula.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The hand-rolled DateTime and ETag text equals the java.time-based form it replaced, for every
 * instant of the service's range (1601 to 9999) at the 100 ns tick, and for finer instants, which
 * both truncate.
 */
class EdmDateTimesFormatProperties {
  private static final long MIN_TICKS = EdmDateTimes.toTicks(EdmDateTimes.MIN);
  private static final long MAX_TICKS = EdmDateTimes.toTicks(EdmDateTimes.MAX);

  @Property(tries = 5000)
  void format_equalsJavaTimeReference(@ForAll("ticks") long ticks) {
    Instant instant = EdmDateTimes.fromTicks(ticks);
    assertThat(EdmDateTimes.format(instant)).isEqualTo(reference(instant));
  }

  @Property(tries = 3000)
  void fromTicks_isTheInstantThatManyTicksFromTheEpoch_andRoundTrips(@ForAll("ticks") long ticks) {
    Instant instant = EdmDateTimes.fromTicks(ticks);
    assertThat(instant)
        .isEqualTo(Instant.EPOCH.plus(ticks / 10, ChronoUnit.MICROS).plusNanos(ticks % 10 * 100));
    assertThat(EdmDateTimes.toTicks(instant)).isEqualTo(ticks);
  }

  @Property(tries = 2000)
  void format_equalsReference_forRoundTicks(
      @ForAll("ticks") long ticks, @ForAll @IntRange(min = 0, max = 7) int zeros) {
    // Fractions with 0..7 trailing zeros, whole seconds included, exercise the trimming.
    long unit = (long) Math.pow(10, zeros);
    Instant instant = EdmDateTimes.fromTicks(Math.max(MIN_TICKS, ticks / unit * unit));
    assertThat(EdmDateTimes.format(instant)).isEqualTo(reference(instant));
  }

  @Property(tries = 2000)
  void format_truncatesFinerThanATick_likeTheReference(
      @ForAll("ticks") long ticks, @ForAll @IntRange(min = 0, max = 99) int nanos) {
    Instant instant = EdmDateTimes.fromTicks(ticks).plusNanos(nanos);
    if (EdmDateTimes.inRange(instant)) {
      assertThat(EdmDateTimes.format(instant)).isEqualTo(reference(instant));
    }
  }

  @Property(tries = 3000)
  void etag_equalsReference(@ForAll("ticks") long ticks) {
    Instant instant = EdmDateTimes.fromTicks(ticks);
    assertThat(new ETag(instant).value())
        .isEqualTo("W/\"datetime'" + reference(instant).replace(":", "%3A") + "'\"");
  }

  @Example
  void format_equalsReference_atTheRangeEndsAndLeapDays() {
    for (String text :
        new String[] {
          "1601-01-01T00:00:00Z", "9999-12-31T23:59:59.9999999Z", "1970-01-01T00:00:00Z",
          "1969-12-31T23:59:59.9999999Z", "2000-02-29T12:34:56.7Z", "1900-02-28T23:59:59Z",
          "1900-03-01T00:00:00Z", "2024-02-29T00:00:00.0000001Z", "1601-12-31T23:59:59.5Z",
        }) {
      Instant instant = Instant.parse(text);
      assertThat(EdmDateTimes.format(instant)).isEqualTo(reference(instant)).isEqualTo(text);
    }
  }

  @Provide
  Arbitrary<Long> ticks() {
    return Arbitraries.longs().between(MIN_TICKS, MAX_TICKS);
  }

  /**
   * The java.time implementation that {@link EdmDateTimes#format} had before, kept as the oracle.
   */
  private static String reference(Instant instant) {
    Instant t = EdmDateTimes.truncate(instant);
    String base =
        DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(
            LocalDateTime.ofEpochSecond(t.getEpochSecond(), 0, ZoneOffset.UTC));
    int nanos = t.getNano();
    if (nanos == 0) {
      return base + "Z";
    }
    String fraction = String.format("%07d", nanos / 100);
    int end = fraction.length();
    while (fraction.charAt(end - 1) == '0') {
      end--;
    }
    return base + "." + fraction.substring(0, end) + "Z";
  }
}
