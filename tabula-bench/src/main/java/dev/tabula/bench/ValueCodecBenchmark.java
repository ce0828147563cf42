package dev.tabula.bench;

import dev.tabula.engine.codec.EntityValueCodec;
import dev.tabula.engine.codec.PropertyNames;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * The stored value of one entity of about 1 KiB with ten custom properties, as the RocksDB engine
 * writes and reads it: {@code encode} runs once per entity of every write, {@code decode} once per
 * entity a point read or a query page returns, and {@code decodeColor} once per row a filtered scan
 * on {@code Color} looks at, as the end-to-end filtered-scan workload does (only the filtered
 * property is decoded; it is the first stored, so the pass stops there).
 *
 * <p>Run: {@code java -jar tabula-bench/target/benchmarks.jar ValueCodecBenchmark -f 1 -wi 3 -i 5}.
 */
public class ValueCodecBenchmark extends AverageTimeBenchmark {
  private static final PropertyNames COLOR = PropertyNames.of(List.of("Color"));

  private Instant timestamp;
  private Map<String, EdmValue> properties;
  private byte[] value;
  private EdmValue[] decoded;

  @Setup
  public void setUp() {
    timestamp = BenchEntities.timestamp(123);
    properties = BenchEntities.properties(123);
    value = EntityValueCodec.encode(timestamp, properties);
    decoded = new EdmValue[COLOR.size()];
  }

  /** Timestamp and properties to the stored bytes. */
  @Benchmark
  public byte[] encode() {
    return EntityValueCodec.encode(timestamp, properties);
  }

  /**
   * The stored bytes to a whole entity, its keys given as the engine knows them, with its
   * properties built (decode itself leaves that to their first reader).
   */
  @Benchmark
  public Entity decode() {
    Entity entity = EntityValueCodec.decode("p042", "0000000123", value);
    entity.properties().get("Color");
    return entity;
  }

  /** Only {@code Color}, as a scan filtered on it decodes each row it rejects. */
  @Benchmark
  public EdmValue decodeColor() {
    EntityValueCodec.decodeProperties(value, COLOR, decoded);
    return decoded[0];
  }
}
