package dev.tabula.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class EdmDateTimesTest {

  @Test
  void format_trimsTrailingFractionalZeros_asTheServiceDoes() {
    assertThat(EdmDateTimes.format(Instant.parse("2020-09-17T00:00:00Z")))
        .isEqualTo("2020-09-17T00:00:00Z");
    assertThat(EdmDateTimes.format(Instant.parse("2021-06-18T21:43:35.758567Z")))
        .isEqualTo("2021-06-18T21:43:35.758567Z");
    assertThat(EdmDateTimes.format(Instant.parse("2020-10-01T00:38:37.6216947Z")))
        .isEqualTo("2020-10-01T00:38:37.6216947Z");
    assertThat(EdmDateTimes.format(Instant.parse("1601-01-01T00:00:00.1Z")))
        .isEqualTo("1601-01-01T00:00:00.1Z");
  }

  @Test
  void parse_withoutOffsetIsUtc_andTruncatesTo100ns() {
    assertThat(EdmDateTimes.parse("2024-01-02T03:04:05"))
        .isEqualTo(Instant.parse("2024-01-02T03:04:05Z"));
    assertThat(EdmDateTimes.parse("2024-01-02T03:04:05.123456789Z"))
        .isEqualTo(Instant.parse("2024-01-02T03:04:05.1234567Z"));
    assertThat(EdmDateTimes.parse("2024-01-02T05:04:05+02:00"))
        .isEqualTo(Instant.parse("2024-01-02T03:04:05Z"));
    assertThat(EdmDateTimes.parse("not a date")).isNull();
  }

  @Test
  void range_is1601To9999() {
    assertThat(EdmDateTimes.inRange(EdmDateTimes.MIN)).isTrue();
    assertThat(EdmDateTimes.inRange(EdmDateTimes.MAX)).isTrue();
    assertThat(EdmDateTimes.inRange(EdmDateTimes.MIN.minusNanos(100))).isFalse();
    assertThat(EdmDateTimes.inRange(Instant.parse("+10000-01-01T00:00:00Z"))).isFalse();
  }

  @Test
  void ticks_roundTrip() {
    for (Instant t :
        new Instant[] {
          EdmDateTimes.MIN,
          EdmDateTimes.MAX,
          Instant.EPOCH,
          Instant.parse("1969-12-31T23:59:59.9999999Z")
        }) {
      assertThat(EdmDateTimes.fromTicks(EdmDateTimes.toTicks(t))).isEqualTo(t);
    }
  }

  @Test
  void etag_hasTheServiceFormAndParsesBack() {
    ETag etag = new ETag(Instant.parse("2020-10-01T00:38:37.6216947Z"));
    assertThat(etag.value()).isEqualTo("W/\"datetime'2020-10-01T00%3A38%3A37.6216947Z'\"");
    assertThat(ETag.parse(etag.value())).isEqualTo(etag);
    assertThat(ETag.parse("W/\"0x5B168C7B6E589D2\"")).isNull();
    assertThat(ETag.parse("W/\"datetime'nonsense'\"")).isNull();
  }
}
