package dev.tabula.bench.compare;

import dev.tabula.bench.baseline.RocksSyncedPuts;
import dev.tabula.bench.load.EntityShape;
import dev.tabula.bench.load.ReadTable;
import dev.tabula.bench.load.RunSettings;
import dev.tabula.bench.load.TableEndpoint;
import dev.tabula.bench.load.WorkloadResult;
import dev.tabula.bench.load.WorkloadRun;
import dev.tabula.bench.load.Workloads;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The ceilings issue 6 holds Tabula against, run as extra participants in the comparison's rounds
 * at the same concurrencies: the minimal Netty server ({@link
 * dev.tabula.bench.baseline.MinimalNettyServer}) in the point-read runs, and RocksDB's own synced
 * puts ({@link RocksSyncedPuts}, in-process) in the single-insert runs. Either may be absent.
 * Immutable.
 */
final class Baselines {
  /** The minimal Netty server's name in the report. */
  static final String NETTY = "netty";

  /** RocksDB's synced puts' name in the report. */
  static final String ROCKSDB = "rocksdb";

  /** What the Netty server is asked for: any keys are answered, so nothing is loaded. */
  private static final String UNLOADED_TABLE = "baseline";

  private final TableEndpoint netty;
  private final Path rocksDir;

  /**
   * @param netty the minimal Netty server's account root, or null for no read ceiling
   * @param rocksDir where RocksDB's temporary databases go (the server's data disk), or null for no
   *     write ceiling
   */
  Baselines(TableEndpoint netty, Path rocksDir) {
    this.netty = netty;
    this.rocksDir = rocksDir;
  }

  /** The baselines that take part in a workload's runs (by its option name, {@code point-read}). */
  List<String> of(String workload) {
    List<String> names = new ArrayList<>();
    if (netty != null && workload.equals("point-read")) {
      names.add(NETTY);
    }
    if (rocksDir != null && workload.equals("insert")) {
      names.add(ROCKSDB);
    }
    return names;
  }

  /**
   * One run of a baseline in place of a server: point reads of {@code readShape}'s keys against the
   * Netty server, or synced puts of entity-sized values from {@code concurrency} threads, both with
   * {@code settings}' warm-up and measured time.
   */
  WorkloadResult run(
      String baseline,
      Workloads catalog,
      int concurrency,
      EntityShape readShape,
      RunSettings settings) {
    return switch (baseline) {
      case NETTY ->
          WorkloadRun.execute(
              netty,
              catalog.create(
                  "point-read", concurrency, new ReadTable(UNLOADED_TABLE, readShape), 0),
              settings.withConcurrency(concurrency));
      case ROCKSDB ->
          RocksSyncedPuts.measure(
              rocksDir,
              concurrency,
              settings.warmup(),
              settings.bounds().maxDuration(),
              catalog.bytes());
      default -> throw new IllegalArgumentException("no baseline " + baseline);
    };
  }
}
