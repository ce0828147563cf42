package dev.tabula.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.model.TableException;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RequestDateWindowTest {
  private final RequestDateWindow window = new RequestDateWindow(TestSigner.CLOCK);

  @Test
  void parsesRfc1123() {
    assertThat(RequestDateWindow.parse("Mon, 30 Nov 2026 07:17:00 GMT")).contains(TestSigner.NOW);
  }

  @Test
  void parsesLeniently_caseWeekdayAndDigits() {
    assertThat(RequestDateWindow.parse("mon, 30 nov 2026 07:17:00 gmt")).contains(TestSigner.NOW);
    assertThat(RequestDateWindow.parse("30 Nov 2026 07:17:00 GMT")).contains(TestSigner.NOW);
    assertThat(RequestDateWindow.parse("Tue, 30 Nov 2026 07:17:00 GMT")).contains(TestSigner.NOW);
    assertThat(RequestDateWindow.parse("  Tue, 1 Dec 2026 07:17:00 +0000 "))
        .contains(Instant.parse("2026-12-01T07:17:00Z"));
  }

  @Test
  void rejectsWhatIsNotADate() {
    assertThat(RequestDateWindow.parse("2026-11-30T07:17:00Z")).isEmpty();
    assertThat(RequestDateWindow.parse("")).isEmpty();
    assertThat(RequestDateWindow.parse("Mon, 31 Nov 2026 07:17:00 GMT")).isEmpty();
  }

  @Test
  void window_includesItsEdges_andNothingBeyond() {
    assertThat(window.contains("Mon, 30 Nov 2026 07:02:00 GMT")).isTrue();
    assertThat(window.contains("Mon, 30 Nov 2026 07:32:00 GMT")).isTrue();
    assertThat(window.contains("Mon, 30 Nov 2026 07:01:59 GMT")).isFalse();
    assertThat(window.contains("Mon, 30 Nov 2026 07:32:01 GMT")).isFalse();
    assertThat(window.contains("garbage")).isFalse();
  }

  @Test
  void check_returnsTheDate_orSaysWhatIsWrong() {
    assertThat(window.check("Mon, 30 Nov 2026 07:10:00 GMT"))
        .isEqualTo(Instant.parse("2026-11-30T07:10:00Z"));
    assertThatThrownBy(() -> window.check("Mon, 30 Nov 2026 06:00:00 GMT"))
        .isInstanceOf(TableException.class)
        .hasMessageContaining("Request date header too old: 'Mon, 30 Nov 2026 06:00:00 GMT'");
  }

  @Test
  void skew_isConfigurable() {
    RequestDateWindow tight = new RequestDateWindow(TestSigner.CLOCK, Duration.ofMinutes(1));

    assertThat(tight.contains("Mon, 30 Nov 2026 07:16:00 GMT")).isTrue();
    assertThat(tight.contains("Mon, 30 Nov 2026 07:15:00 GMT")).isFalse();
  }
}
