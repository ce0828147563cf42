package dev.tabula.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The hand-rolled parse of the canonical DateTime form gives exactly what java.time gives, for
 * every instant and fraction width, and for near-misses (one character changed, added or dropped),
 * which it must leave to java.time or reject alike.
 */
class EdmDateTimesParseProperties {
  private static final long MIN_TICKS = EdmDateTimes.toTicks(Instant.parse("0000-01-01T00:00:00Z"));
  private static final long MAX_TICKS = EdmDateTimes.toTicks(EdmDateTimes.MAX);
  private static final String NEAR_MISS_CHARS = "0123456789:-T.Zz+ x";

  @Property(tries = 5000)
  void parse_equalsJavaTime_forEveryFractionWidth(
      @ForAll("ticks") long ticks, @ForAll @IntRange(min = 0, max = 9) int width) {
    String text = canonical(ticks, width);
    assertThat(EdmDateTimes.parse(text)).as(text).isNotNull().isEqualTo(reference(text));
  }

  @Property(tries = 5000)
  void parse_equalsJavaTime_forNearMisses(
      @ForAll("ticks") long ticks,
      @ForAll @IntRange(min = 0, max = 9) int width,
      @ForAll @IntRange(min = 0, max = 29) int position,
      @ForAll @IntRange(min = 0, max = 18) int replacement,
      @ForAll @IntRange(min = 0, max = 2) int edit) {
    StringBuilder text = new StringBuilder(canonical(ticks, width));
    int at = Math.min(position, text.length() - 1);
    char c = NEAR_MISS_CHARS.charAt(replacement);
    switch (edit) {
      case 0 -> text.setCharAt(at, c);
      case 1 -> text.insert(at, c);
      default -> text.deleteCharAt(at);
    }
    String mutated = text.toString();
    assertThat(EdmDateTimes.parse(mutated)).as(mutated).isEqualTo(reference(mutated));
  }

  @Example
  void parse_calendarEdges_likeJavaTime() {
    for (String text :
        new String[] {
          "2024-02-29T00:00:00Z", "2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z",
          "2000-02-29T23:59:59.9999999Z", "2024-04-31T00:00:00Z", "2024-13-01T00:00:00Z",
          "2024-00-10T00:00:00Z", "2024-01-00T00:00:00Z", "2024-01-01T24:00:00Z",
          "2024-01-01T23:60:00Z", "2024-01-01T23:59:60Z", "2024-01-01T00:00:00.123456789Z",
          "2024-01-01T00:00:00.1234567891Z", "2024-01-01T00:00:00.Z", "1601-01-01T00:00:00Z",
          "9999-12-31T23:59:59.9999999Z", "0000-01-01T00:00:00Z", "2024-01-01t00:00:00z",
          "2024-01-01T00:00:00", "2024-01-01T00:00:00+01:00", "+2024-01-01T00:00:00Z"
        }) {
      assertThat(EdmDateTimes.parse(text)).as(text).isEqualTo(reference(text));
    }
  }

  @Provide
  Arbitrary<Long> ticks() {
    return Arbitraries.longs().between(MIN_TICKS, MAX_TICKS);
  }

  /** {@code yyyy-MM-ddTHH:mm:ss}, then {@code width} fraction digits of the instant, then Z. */
  private static String canonical(long ticks, int width) {
    Instant instant = EdmDateTimes.fromTicks(ticks);
    String seconds =
        DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(
            LocalDateTime.ofEpochSecond(instant.getEpochSecond(), 0, ZoneOffset.UTC));
    String nanos = String.format("%09d", instant.getNano() + (ticks & 0x3F)); // below the tick too
    return seconds + (width == 0 ? "" : "." + nanos.substring(0, width)) + "Z";
  }

  /** What EdmDateTimes.parse did with java.time alone. */
  private static Instant reference(String text) {
    try {
      return EdmDateTimes.truncate(
          OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant());
    } catch (DateTimeParseException withOffsetFailed) {
      try {
        return EdmDateTimes.truncate(
            LocalDateTime.parse(text, DateTimeFormatter.ISO_LOCAL_DATE_TIME)
                .toInstant(ZoneOffset.UTC));
      } catch (DateTimeParseException e) {
        return null;
      }
    }
  }
}
