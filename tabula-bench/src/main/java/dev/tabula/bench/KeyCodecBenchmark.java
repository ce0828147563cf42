package dev.tabula.bench;

import dev.tabula.engine.rocksdb.RocksKeys;
import dev.tabula.model.EntityKey;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The RocksDB engine's entity keys ({@link RocksKeys}): {@code encode} runs once per entity of
 * every write and point read, {@code decode} once per page for its continuation and once per row a
 * scan's filter or result needs the key of. Keys as the load generator makes them, and keys with
 * non-ASCII characters (two-, three- and four-byte UTF-8, the last a surrogate pair in Java), which
 * the JDK's UTF-8 coding handles off its ASCII fast path.
 *
 * <p>Run: {@code java -jar tabula-bench/target/benchmarks.jar KeyCodecBenchmark -f 1 -wi 3 -i 5}.
 */
public class KeyCodecBenchmark extends AverageTimeBenchmark {
  private static final long TABLE_ID = 42;

  /** The keys by name. */
  static final Map<String, EntityKey> KEYS =
      Map.of(
          "ascii", new EntityKey("p042", "0000000123"),
          "nonAscii", new EntityKey("Zürich-北京", "Größe 😀 0000000123"));

  @Param({"ascii", "nonAscii"})
  public String keys;

  private String partitionKey;
  private String rowKey;
  private byte[] encoded;

  @Setup
  public void setUp() {
    EntityKey key = KEYS.get(keys);
    partitionKey = key.partitionKey();
    rowKey = key.rowKey();
    encoded = RocksKeys.entityKey(TABLE_ID, partitionKey, rowKey);
  }

  /** Table id and key strings to the RocksDB key. */
  @Benchmark
  public byte[] encode() {
    return RocksKeys.entityKey(TABLE_ID, partitionKey, rowKey);
  }

  /** A RocksDB key back to the key strings. */
  @Benchmark
  public EntityKey decode() {
    return RocksKeys.decode(encoded);
  }
}
