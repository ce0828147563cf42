package dev.tabula.bench;

import dev.tabula.engine.codec.EntityValueCodec;
import dev.tabula.model.ETag;
import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.Entity;
import dev.tabula.protocol.json.EntityJsonWriter;
import dev.tabula.protocol.json.MetadataLevel;
import dev.tabula.protocol.json.ODataContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * The response side of Query Entities and Get Entity: a page of 1,000 entities of about 1 KiB each,
 * decoded from their stored form, one entity, and the date formatting every entity pays three times
 * (Timestamp, the ETag derived from it, and each DateTime property).
 *
 * <p>Run: {@code java -jar tabula-bench/target/benchmarks.jar EntityJsonWriterBenchmark -f 1 -wi 3
 * -i 5}.
 */
public class EntityJsonWriterBenchmark extends AverageTimeBenchmark {
  private static final ODataContext CONTEXT =
      new ODataContext("http://127.0.0.1:10002/devstoreaccount1", "devstoreaccount1", "bench");

  private List<Entity> page;
  private List<byte[]> storedPage;
  private Entity entity;
  private Instant instant;
  private ETag etag;

  @Setup
  public void setUp() {
    page = new ArrayList<>();
    storedPage = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      // Decoded from the stored form, as a query page's entities are (strings stay in their bytes).
      byte[] stored =
          EntityValueCodec.encode(BenchEntities.timestamp(i), BenchEntities.properties(i));
      storedPage.add(stored);
      page.add(EntityValueCodec.decode("p042", String.format("%010d", i), stored));
    }
    entity = page.get(123);
    instant = entity.timestamp();
    etag = entity.etag();
  }

  /** A Query Entities page of 1,000 entities, minimal metadata. */
  @Benchmark
  public byte[] writeFeed() {
    return EntityJsonWriter.writeFeed(page, CONTEXT, MetadataLevel.MINIMAL_METADATA, null);
  }

  /**
   * A page as the server makes one: each entity decoded from its stored bytes, then written. In
   * {@link #writeFeed} the same decoded entities are written again and again, so whatever they
   * build on first read is built only once.
   */
  @Benchmark
  public byte[] writeFeedFromStorage() {
    List<Entity> decoded = new ArrayList<>(storedPage.size());
    for (int i = 0; i < storedPage.size(); i++) {
      decoded.add(EntityValueCodec.decode("p042", page.get(i).rowKey(), storedPage.get(i)));
    }
    return EntityJsonWriter.writeFeed(decoded, CONTEXT, MetadataLevel.MINIMAL_METADATA, null);
  }

  /** A Get Entity body, minimal metadata. */
  @Benchmark
  public byte[] writeEntity() {
    return EntityJsonWriter.writeEntity(entity, CONTEXT, MetadataLevel.MINIMAL_METADATA, null);
  }

  /** The wire form of a DateTime with 7 fractional digits. */
  @Benchmark
  public String formatDateTime() {
    return EdmDateTimes.format(instant);
  }

  /** The ETag header value. */
  @Benchmark
  public String etagValue() {
    return etag.value();
  }
}
