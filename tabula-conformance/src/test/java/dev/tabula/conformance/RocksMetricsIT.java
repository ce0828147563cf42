package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.server.EngineKind;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RocksDB engine's figures reach the server's registry, read from RocksDB itself: write-ahead
 * log syncs after SDK writes, and, once a restart has flushed the log into table files, live data,
 * table files and block-cache reads.
 */
class RocksMetricsIT {
  @TempDir Path dataDir;

  @Test
  void writesAndReads_showInRocksDbsFigures() {
    try (TabulaServer first = start()) {
      TableClient table = Clients.service(first, TestAccounts.DEVELOPMENT).createTable("figures");
      for (int i = 0; i < 50; i++) {
        table.createEntity(new TableEntity("p", "r" + i).addProperty("v", "x".repeat(500)));
      }
      MeterRegistry registry = first.telemetry().registry();

      assertThat(counter(registry, "tabula.rocksdb.wal.syncs")).isGreaterThanOrEqualTo(1);
      // Every one of the 50 acknowledged inserts waited for a sync, which takes some time.
      assertThat(counter(registry, "tabula.rocksdb.wal.sync.time")).isGreaterThan(0);
      assertThat(counter(registry, "tabula.rocksdb.wal.written")).isGreaterThan(50 * 500);
      assertThat(gauge(registry, "tabula.rocksdb.memtable.size")).isGreaterThan(50 * 500);
      assertThat(gauge(registry, "tabula.rocksdb.writes.stopped")).isZero();
      assertThat(counter(registry, "tabula.rocksdb.write.stall")).isZero();
      // The names docs/monitoring.md gives.
      assertThat(first.telemetry().registry().scrape())
          .contains(
              "\ntabula_rocksdb_wal_syncs_total ",
              "\ntabula_rocksdb_wal_written_bytes_total ",
              "\ntabula_rocksdb_wal_sync_time_seconds_total ",
              "\ntabula_rocksdb_write_stall_seconds_total ",
              "\ntabula_rocksdb_block_cache_hits_total ",
              "\ntabula_rocksdb_block_cache_misses_total ",
              "\ntabula_rocksdb_writes_stopped ",
              "\ntabula_rocksdb_live_data_size_bytes ",
              "\ntabula_rocksdb_sst_files_size_bytes ",
              "\ntabula_rocksdb_memtable_size_bytes ",
              "\ntabula_rocksdb_block_cache_usage_bytes ",
              "\ntabula_rocksdb_compaction_pending_bytes ");
    }

    try (TabulaServer second = start()) {
      TableClient table =
          Clients.service(second, TestAccounts.DEVELOPMENT).getTableClient("figures");
      for (int i = 0; i < 50; i++) {
        table.getEntity("p", "r" + i);
      }
      MeterRegistry registry = second.telemetry().registry();

      // Opening replayed the log and flushed it into a table file.
      assertThat(gauge(registry, "tabula.rocksdb.sst.files.size")).isGreaterThan(0);
      assertThat(gauge(registry, "tabula.rocksdb.live.data.size")).isGreaterThan(0);
      assertThat(
              counter(registry, "tabula.rocksdb.block.cache.hits")
                  + counter(registry, "tabula.rocksdb.block.cache.misses"))
          .isGreaterThan(0);
      assertThat(gauge(registry, "tabula.rocksdb.block.cache.usage")).isGreaterThan(0);
      assertThat(gauge(registry, "tabula.rocksdb.compaction.pending")).isNotNaN();
    }
  }

  private TabulaServer start() {
    return TabulaServer.start(
        ServerConfig.defaults().withPort(0).withEngine(EngineKind.ROCKSDB, dataDir));
  }

  private static double counter(MeterRegistry registry, String name) {
    return registry.get(name).functionCounter().count();
  }

  private static double gauge(MeterRegistry registry, String name) {
    return registry.get(name).gauge().value();
  }
}
