package dev.tabula.bench;

import dev.tabula.core.EntityPage;
import dev.tabula.core.EntityService;
import dev.tabula.core.TableService;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.Stages;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.engine.rocksdb.RocksOptions;
import dev.tabula.engine.rocksdb.RocksStorageEngine;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.query.Filter;
import dev.tabula.query.FilterParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Query Entities against a real RocksDB engine in a temp dir, through the core's {@link
 * EntityService} (plan, engine scan, residual), without HTTP: a filtered scan of 20,000 entities of
 * about 1 KiB on a non-key property (a fifth match, 4 pages of 1,000 or fewer), one partition page
 * of 1,000, and a point read. The data set fits in the block cache, as in the end-to-end
 * filtered-scan workload.
 *
 * <p>Run: {@code java -jar tabula-bench/target/benchmarks.jar EntityScanBenchmark -f 1 -wi 3 -i 5}.
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class EntityScanBenchmark extends AverageTimeBenchmark {
  private static final String ACCOUNT = "devstoreaccount1";
  private static final String TABLE = "bench";
  private static final int PARTITIONS = 20;
  private static final int ROWS_PER_PARTITION = 1000;

  private Path dir;
  private RocksStorageEngine engine;
  private EntityService entities;
  private Filter green;
  private Filter partition;

  @Setup
  public void setUp() throws IOException {
    dir = Files.createTempDirectory("tabula-scan-bench");
    engine = new RocksStorageEngine(dir, RocksOptions.defaults());
    TableService tables = new TableService(engine.catalog());
    TableInfo table = engine.catalog().createTable(ACCOUNT, TABLE).orElseThrow();
    entities = new EntityService(tables, engine.entities(), 1000);
    int i = 0;
    for (int p = 0; p < PARTITIONS; p++) {
      String pk = String.format("p%03d", p);
      for (int batch = 0; batch < ROWS_PER_PARTITION / 100; batch++) {
        List<Write> writes = new ArrayList<>();
        for (int r = 0; r < 100; r++, i++) {
          writes.add(
              Write.put(
                  String.format("%010d", i),
                  BenchEntities.properties(i),
                  Precondition.MUST_NOT_EXIST));
        }
        Stages.join(engine.entities().applyAsync(table.id(), pk, writes));
      }
    }
    green = FilterParser.parse("Color eq 'Green'");
    partition = FilterParser.parse("PartitionKey eq 'p007'");
  }

  @TearDown
  public void tearDown() throws IOException {
    engine.close();
    BenchDirs.delete(dir);
  }

  /** {@code Color eq 'Green'} over the whole table, following continuations; the match count. */
  @Benchmark
  public int filteredScan() {
    int matched = 0;
    EntityKey from = null;
    do {
      EntityPage page = entities.query(ACCOUNT, TABLE, green, from, null);
      matched += page.entities().size();
      from = page.next();
    } while (from != null);
    if (matched != PARTITIONS * ROWS_PER_PARTITION / 5) {
      throw new IllegalStateException("matched " + matched);
    }
    return matched;
  }

  /** One page: the 1,000 entities of one partition. */
  @Benchmark
  public List<Entity> partitionPage() {
    return entities.query(ACCOUNT, TABLE, partition, null, null).entities();
  }

  /** Get Entity. */
  @Benchmark
  public Entity pointRead() {
    return entities.get(ACCOUNT, TABLE, new EntityKey("p007", "0000007123"));
  }
}
