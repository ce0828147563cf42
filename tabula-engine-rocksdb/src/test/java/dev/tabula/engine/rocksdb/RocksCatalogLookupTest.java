package dev.tabula.engine.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.engine.Catalog;
import dev.tabula.engine.TableInfo;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The catalog remembers tables it found; lookups racing a deletion may leave a deleted table in
 * that memory, and it must never be believed once the deletion has returned.
 */
class RocksCatalogLookupTest {
  private static final String ACCOUNT = "devstoreaccount1";

  @TempDir Path dir;

  @Test
  void lookupsRacingDeletions_neverFindADeletedTable_andFindEachNewOne() throws Exception {
    try (RocksStorageEngine engine =
        new RocksStorageEngine(
            dir, RocksOptions.defaults().withBlockCacheBytes(1 << 20), Clock.systemUTC())) {
      Catalog catalog = engine.catalog();
      AtomicBoolean running = new AtomicBoolean(true);
      AtomicLong lookups = new AtomicLong();
      ExecutorService finders = Executors.newFixedThreadPool(3);
      try {
        List<Future<?>> spinning = new ArrayList<>();
        for (int t = 0; t < 3; t++) {
          spinning.add(
              finders.submit(
                  () -> {
                    while (running.get()) {
                      catalog.findTable(ACCOUNT, "Churn");
                      lookups.incrementAndGet();
                    }
                  }));
        }
        for (int round = 0; round < 200; round++) {
          TableInfo created = catalog.createTable(ACCOUNT, "Churn").orElseThrow();
          assertThat(catalog.findTable(ACCOUNT, "churn")).contains(created);

          assertThat(catalog.deleteTable(ACCOUNT, "churn")).isTrue();

          assertThat(catalog.findTable(ACCOUNT, "Churn")).as("round %d", round).isEmpty();
        }
        running.set(false);
        for (Future<?> finder : spinning) {
          finder.get();
        }
      } finally {
        running.set(false);
        finders.shutdownNow();
      }
      assertThat(lookups.get()).isPositive();
    }
  }
}
