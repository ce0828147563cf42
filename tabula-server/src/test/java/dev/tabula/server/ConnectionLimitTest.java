package dev.tabula.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.server.ConnectionLimit.Admission;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The connection count: served up to the limit, refused up to it again, then dropped; no drift. */
class ConnectionLimitTest {

  @Test
  void admit_servesUpToTheLimit_thenRefusesAsManyAgain_thenDrops() {
    ConnectionLimit limit = new ConnectionLimit(2);

    List<Admission> admissions = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      admissions.add(limit.admit());
    }

    assertThat(admissions)
        .containsExactly(
            Admission.SERVED,
            Admission.SERVED,
            Admission.REFUSED,
            Admission.REFUSED,
            Admission.DROPPED,
            Admission.DROPPED);
    assertThat(limit.open()).isEqualTo(4);
    limit.release(Admission.SERVED);
    limit.release(Admission.DROPPED);
    assertThat(limit.open()).isEqualTo(3);
    assertThat(limit.admit()).isEqualTo(Admission.SERVED);
    assertThat(limit.admit()).isEqualTo(Admission.DROPPED);
  }

  @Test
  void concurrentOpensAndCloses_neverPassTheLimit_andLeaveNoCount() throws Exception {
    ConnectionLimit limit = new ConnectionLimit(5);
    AtomicInteger servedNow = new AtomicInteger();
    AtomicInteger mostServed = new AtomicInteger();
    ExecutorService threads = Executors.newFixedThreadPool(8);
    List<Future<?>> runs = new ArrayList<>();
    for (int t = 0; t < 8; t++) {
      runs.add(
          threads.submit(
              () -> {
                for (int i = 0; i < 20_000; i++) {
                  Admission admission = limit.admit();
                  if (admission == Admission.SERVED) {
                    mostServed.accumulateAndGet(servedNow.incrementAndGet(), Math::max);
                    servedNow.decrementAndGet();
                  }
                  limit.release(admission);
                }
              }));
    }
    for (Future<?> run : runs) {
      run.get(60, TimeUnit.SECONDS);
    }
    threads.shutdown();

    assertThat(mostServed.get()).isBetween(1, 5);
    assertThat(limit.open()).isZero();
    assertThat(limit.admit()).isEqualTo(Admission.SERVED);
  }
}
