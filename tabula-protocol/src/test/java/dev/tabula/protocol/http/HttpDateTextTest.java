package dev.tabula.protocol.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class HttpDateTextTest {
  private final HttpDateText dates = new HttpDateText();

  @Test
  void format_isTheRfc1123FormOfTheSecond() {
    assertThat(dates.format(Instant.parse("2026-11-30T08:16:05.999Z")))
        .isEqualTo("Mon, 30 Nov 2026 08:16:05 GMT");
  }

  @Test
  void format_followsTheClockToTheNextSecond_andBack() {
    assertThat(dates.format(Instant.parse("2026-11-30T08:16:05Z")))
        .isEqualTo("Mon, 30 Nov 2026 08:16:05 GMT");
    assertThat(dates.format(Instant.parse("2026-11-30T08:16:05.500Z")))
        .isEqualTo("Mon, 30 Nov 2026 08:16:05 GMT");
    assertThat(dates.format(Instant.parse("2026-11-30T08:16:06Z")))
        .isEqualTo("Mon, 30 Nov 2026 08:16:06 GMT");
    assertThat(dates.format(Instant.parse("2021-01-01T00:00:00Z")))
        .isEqualTo("Fri, 01 Jan 2021 00:00:00 GMT");
  }
}
