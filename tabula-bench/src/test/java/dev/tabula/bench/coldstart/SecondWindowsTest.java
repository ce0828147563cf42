package dev.tabula.bench.coldstart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.bench.coldstart.SecondWindows.Window;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cold-start windows and their summary. Seen red: with the window index computed from
 * milliseconds rather than seconds (every operation past the first second dropped), and with the
 * 80% threshold compared against the first windows' median instead of the last ones'.
 */
class SecondWindowsTest {
  private static final long SECOND = 1_000_000_000L;
  private static final long START = 5_000 * SECOND;

  @Test
  void operations_landInTheWindowOfTheSecondTheyCompletedIn() {
    SecondWindows windows = new SecondWindows(START, 3);
    windows.completed(START, 1_000_000);
    windows.completed(START + SECOND - 1, 3_000_000);
    windows.completed(START + SECOND, 2_000_000);
    windows.completed(START + 2 * SECOND + 5, 2_000_000);
    windows.completed(START + 2 * SECOND + 6, 2_000_000);
    windows.completed(START + 2 * SECOND + 7, 2_000_000);

    assertThat(windows.first(3)).extracting(Window::operations).containsExactly(2L, 1L, 3L);
    assertThat(windows.first(3).get(1).p50Micros()).isBetween(1999L, 2001L);
  }

  @Test
  void operations_beforeTheStartOrPastTheLastWindow_areDropped() {
    SecondWindows windows = new SecondWindows(START, 2);
    windows.completed(START - 1, 1_000);
    windows.completed(START + 2 * SECOND, 1_000);

    assertThat(windows.first(5)).extracting(Window::operations).containsExactly(0L, 0L);
  }

  @Test
  void summary_warmIsTheMedianOfTheLastTen_andReachedIsTheFirstWindowAtEightyPercent() {
    List<Window> run = new ArrayList<>();
    long[] early = {0, 0, 100, 500, 790, 800, 700};
    for (int i = 0; i < early.length; i++) {
      run.add(new Window(i, early[i], 1));
    }
    long[] late = {1000, 990, 1010, 1000, 5000, 10, 1000, 1020, 980, 1000};
    for (int i = 0; i < late.length; i++) {
      run.add(new Window(early.length + i, late[i], 1));
    }

    ColdStartSummary summary = ColdStartSummary.of(1234, run);

    assertThat(summary.warmRate()).isEqualTo(1000);
    assertThat(summary.secondReached()).isEqualTo(5);
    assertThat(summary.firstAnswerMillis()).isEqualTo(1234);
  }

  @Test
  void summary_ofARunThatNeverGetsWarm_saysMinusOne_andTooShortARunIsRefused() {
    List<Window> run = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      run.add(new Window(i, 0, 0));
    }
    assertThat(ColdStartSummary.of(0, run).secondReached()).isEqualTo(-1);
    assertThatThrownBy(() -> ColdStartSummary.of(0, run.subList(0, 9)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
