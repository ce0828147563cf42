package dev.tabula.engine.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The sizing rule of {@link CassandraFetchSizer}; {@code CassandraFetchesIT} runs it on a node. */
class CassandraFetchSizerTest {
  private static final long MIB = 1024 * 1024;
  private static final long PAGE = 2 * MIB;

  @Test
  void firstFetch_isOneRow_untilARowsSizeIsKnown() {
    CassandraFetchSizer sizer = new CassandraFetchSizer();
    assertThat(sizer.knowsRowSize()).isFalse();
    assertThat(sizer.nextFetch(PAGE, 1001)).isEqualTo(1);
    sizer.saw(100);
    assertThat(sizer.knowsRowSize()).isTrue();
    assertThat(sizer.nextFetch(PAGE, 1)).as("never more than the page can use").isEqualTo(1);
  }

  @Test
  void smallRows_fetchAWholePage_inOneRoundTrip() {
    CassandraFetchSizer sizer = new CassandraFetchSizer();
    sizer.saw(200); // 400 bytes counted
    assertThat(sizer.nextFetch(PAGE, 1001)).as("1,000 entities and the resume row").isEqualTo(1001);
    assertThat(sizer.nextFetch(PAGE, 6)).as("$top=5 and its resume row").isEqualTo(6);
  }

  @Test
  void largeRows_fetchWhatTheRemainingBudgetHolds_plusTheResumeRow() {
    CassandraFetchSizer sizer = new CassandraFetchSizer();
    sizer.saw(MIB / 2); // a row counts 1 MiB
    assertThat(sizer.nextFetch(PAGE, 1001)).isEqualTo(3);
    assertThat(sizer.nextFetch(PAGE - MIB / 2, 1001))
        .as("1.5 MiB left: 2 rows to fill it, 1 more")
        .isEqualTo(3);
    assertThat(sizer.nextFetch(1, 1001))
        .as("almost full: one to end the page, one to resume")
        .isEqualTo(2);
    assertThat(sizer.nextFetch(0, 1001)).as("full: the resume row only").isEqualTo(1);
  }

  @Test
  void rowsArePricedAtTheLargestSeen_notTheAverage() {
    CassandraFetchSizer sizer = new CassandraFetchSizer();
    for (int i = 0; i < 99; i++) {
      sizer.saw(100);
    }
    sizer.saw(256 * 1024); // one row of 512 KiB counted among small ones
    sizer.saw(100);
    assertThat(sizer.nextFetch(PAGE, 1001)).isEqualTo(5);
  }

  @Test
  void unboundedPages_stillFetchAtMostTwoMibAtATime() {
    CassandraFetchSizer sizer = new CassandraFetchSizer();
    sizer.saw(MIB / 4); // 512 KiB counted
    assertThat(sizer.nextFetch(Long.MAX_VALUE, 1001)).isEqualTo(5);
  }

  @Test
  void aFetch_asksForAtLeastOneRow_andAtMostTheDriversPage() {
    CassandraFetchSizer sizer = new CassandraFetchSizer();
    sizer.saw(0);
    assertThat(sizer.nextFetch(PAGE, Integer.MAX_VALUE)).isEqualTo(CassandraFetchSizer.MAX_ROWS);
    assertThat(sizer.nextFetch(PAGE, 0)).isEqualTo(1);
  }
}
