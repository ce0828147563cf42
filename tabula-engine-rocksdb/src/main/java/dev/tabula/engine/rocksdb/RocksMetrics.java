package dev.tabula.engine.rocksdb;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import org.rocksdb.HistogramType;
import org.rocksdb.TickerType;

/**
 * The RocksDB engine's figures as meters, each read from RocksDB when the registry is scraped:
 * counters from its statistics' tickers (kept since the database opened), gauges from its
 * properties. Reading one is a native call of a microsecond or so; nothing is counted twice.
 */
final class RocksMetrics {
  private static final String PREFIX = "tabula.rocksdb.";

  /**
   * A counter read from a ticker, times {@code scale} (to put microseconds in seconds); {@code
   * unit} empty for a plain count.
   */
  private record Ticker(
      String name, TickerType ticker, double scale, String unit, String description) {}

  /**
   * A gauge read from a numeric property, summed over the column families when {@code summed};
   * {@code unit} empty for a plain number.
   */
  private record Property(
      String name, String property, boolean summed, String unit, String description) {}

  private static final List<Ticker> TICKERS =
      List.of(
          new Ticker(
              "wal.syncs",
              TickerType.WAL_FILE_SYNCED,
              1,
              "",
              "Write-ahead log syncs; one sync acknowledges every write of a group commit"),
          new Ticker(
              "wal.written",
              TickerType.WAL_FILE_BYTES,
              1,
              "bytes",
              "Bytes written to the write-ahead log"),
          new Ticker(
              "write.stall",
              TickerType.STALL_MICROS,
              1e-6,
              "seconds",
              "Time writes were delayed or stopped because flushes or compactions fell behind"),
          new Ticker(
              "block.cache.hits",
              TickerType.BLOCK_CACHE_HIT,
              1,
              "",
              "Block reads answered from the block cache"),
          new Ticker(
              "block.cache.misses",
              TickerType.BLOCK_CACHE_MISS,
              1,
              "",
              "Block reads that missed the block cache and read a file"));

  private static final List<Property> PROPERTIES =
      List.of(
          new Property(
              "writes.stopped",
              "rocksdb.is-write-stopped",
              false,
              "",
              "1 while RocksDB stops writes until flushes or compactions catch up, else 0"),
          new Property(
              "live.data.size",
              "rocksdb.estimate-live-data-size",
              true,
              "bytes",
              "Estimated size of the live data (what a full compaction would keep)"),
          new Property(
              "sst.files.size",
              "rocksdb.total-sst-files-size",
              true,
              "bytes",
              "Size of every table file"),
          new Property(
              "memtable.size",
              "rocksdb.cur-size-all-mem-tables",
              true,
              "bytes",
              "Size of the memtables, active and waiting to be flushed"),
          new Property(
              "block.cache.usage",
              "rocksdb.block-cache-usage",
              false,
              "bytes",
              "Bytes held by the block cache (one cache shared by every column family)"),
          new Property(
              "compaction.pending",
              "rocksdb.estimate-pending-compaction-bytes",
              true,
              "bytes",
              "Estimated bytes compaction must rewrite to bring every level within its target"));

  private RocksMetrics() {}

  static void bind(RocksDatabase database, MeterRegistry registry) {
    // The one histogram kept (RocksDatabase): its sum over the syncs ticker is the mean sync.
    FunctionCounter.builder(
            PREFIX + "wal.sync.time",
            database,
            db -> db.histogramSum(HistogramType.WAL_FILE_SYNC_MICROS) * 1e-6)
        .baseUnit("seconds")
        .description(
            "Time spent syncing the write-ahead log; over wal.syncs, the disk's mean sync time")
        .register(registry);
    for (Ticker t : TICKERS) {
      FunctionCounter.builder(PREFIX + t.name(), database, db -> db.ticker(t.ticker()) * t.scale())
          .baseUnit(t.unit().isEmpty() ? null : t.unit())
          .description(t.description())
          .register(registry);
    }
    for (Property p : PROPERTIES) {
      Gauge.builder(PREFIX + p.name(), database, db -> db.property(p.property(), p.summed()))
          .baseUnit(p.unit().isEmpty() ? null : p.unit())
          .description(p.description())
          .strongReference(true)
          .register(registry);
    }
  }
}
