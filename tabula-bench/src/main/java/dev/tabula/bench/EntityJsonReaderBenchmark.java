package dev.tabula.bench;

import dev.tabula.bench.load.EntityShape;
import dev.tabula.protocol.json.EntityJsonReader;
import dev.tabula.protocol.json.ParsedEntity;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * The request side of Insert Entity (and Update, Merge, their upserts and each batch operation):
 * parsing and typing one body of the load generator's default shape, about 1 KiB of JSON with ten
 * custom properties, three of them typed by {@code @odata.type} annotations as the SDKs write them.
 * Every write request pays this once per entity before the engine sees it.
 *
 * <p>Run: {@code java -jar tabula-bench/target/benchmarks.jar EntityJsonReaderBenchmark -f 1 -wi 3
 * -i 5}.
 */
public class EntityJsonReaderBenchmark extends AverageTimeBenchmark {
  private byte[] body;

  @Setup
  public void setUp() {
    // The defaults of LoadMain (--entity-bytes 1024, --properties 10).
    EntityShape shape = new EntityShape(100, 1000, 1024);
    body = shape.json("p042", "0000000123", 42_123);
  }

  /** An Insert Entity body, bytes to typed properties. */
  @Benchmark
  public ParsedEntity readEntity() {
    return EntityJsonReader.read(body);
  }
}
