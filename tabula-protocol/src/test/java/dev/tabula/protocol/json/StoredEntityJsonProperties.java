package dev.tabula.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.engine.codec.EntityValueCodec;
import dev.tabula.model.EdmArbitraries;
import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.EdmValue;
import dev.tabula.model.EdmValue.EdmString;
import dev.tabula.model.EncodedProperties;
import dev.tabula.model.Entity;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * An entity read from storage is written straight from its stored bytes ({@link
 * EncodedProperties}); the bytes are exactly those written from the same properties held in a plain
 * map, at every metadata level, with and without {@code $select}, for names and values of any text
 * (escapes, non-ASCII, lone surrogates), every type and Timestamps across the service's range.
 * Either both write the same or both fail the same way.
 */
class StoredEntityJsonProperties {
  private static final ODataContext CTX =
      new ODataContext("http://127.0.0.1:10002/devstoreaccount1", "devstoreaccount1", "orders");

  @Property(tries = 500)
  void anEntity_fromItsStoredBytes_isWrittenAsFromAMap(
      @ForAll("timestamps") Instant timestamp,
      @ForAll("propertyMaps") Map<String, EdmValue> properties,
      @ForAll MetadataLevel level,
      @ForAll("selects") Set<String> select) {
    Entity stored = stored(timestamp, properties);
    Entity inAMap = new Entity("p'1", "r/1", timestamp, new LinkedHashMap<>(properties));
    assertThat(stored.properties()).isInstanceOf(EncodedProperties.class);
    assertThat(inAMap.properties()).isNotInstanceOf(EncodedProperties.class);

    assertThat(outcome(() -> EntityJsonWriter.writeEntity(stored, CTX, level, select)))
        .isEqualTo(outcome(() -> EntityJsonWriter.writeEntity(inAMap, CTX, level, select)));
  }

  @Property(tries = 100)
  void aPage_fromStoredBytes_isWrittenAsFromMaps(
      @ForAll("timestamps") Instant timestamp,
      @ForAll("pages") List<Map<String, EdmValue>> page,
      @ForAll MetadataLevel level,
      @ForAll("selects") Set<String> select) {
    List<Entity> stored = new ArrayList<>();
    List<Entity> inMaps = new ArrayList<>();
    for (Map<String, EdmValue> properties : page) {
      stored.add(stored(timestamp, properties));
      inMaps.add(new Entity("p'1", "r/1", timestamp, new LinkedHashMap<>(properties)));
    }

    assertThat(outcome(() -> EntityJsonWriter.writeFeed(stored, CTX, level, select)))
        .isEqualTo(outcome(() -> EntityJsonWriter.writeFeed(inMaps, CTX, level, select)));
  }

  private static Entity stored(Instant timestamp, Map<String, EdmValue> properties) {
    return EntityValueCodec.decode("p'1", "r/1", EntityValueCodec.encode(timestamp, properties));
  }

  /** The text written, or the kind of failure. */
  private static String outcome(Supplier<byte[]> write) {
    try {
      return new String(write.get(), StandardCharsets.UTF_8);
    } catch (RuntimeException e) {
      return "failed: " + e.getClass().getName();
    }
  }

  @Provide
  Arbitrary<Instant> timestamps() {
    return EdmArbitraries.instants()
        .edgeCases(c -> c.add(EdmDateTimes.MIN, EdmDateTimes.MAX, Instant.EPOCH));
  }

  @Provide
  Arbitrary<Set<String>> selects() {
    return Arbitraries.oneOf(names(), Arbitraries.of("PartitionKey", "RowKey", "Timestamp", "*"))
        .set()
        .ofMaxSize(4)
        .map(names -> (Set<String>) new LinkedHashSet<>(names))
        .injectNull(0.5);
  }

  @Provide
  Arbitrary<Map<String, EdmValue>> propertyMaps() {
    return Arbitraries.maps(names(), values()).ofMaxSize(12).map(LinkedHashMap::new);
  }

  @Provide
  Arbitrary<List<Map<String, EdmValue>>> pages() {
    return propertyMaps().list().ofMaxSize(30);
  }

  /** Mostly a few short names (so pages repeat them), now and then any text. */
  private Arbitrary<String> names() {
    return Arbitraries.frequencyOf(
        Tuple.of(8, Arbitraries.strings().withCharRange('a', 'e').ofMinLength(1).ofMaxLength(3)),
        Tuple.of(2, EdmArbitraries.texts().filter(t -> !t.isEmpty())));
  }

  private Arbitrary<EdmValue> values() {
    return Arbitraries.oneOf(
        EdmArbitraries.values(100),
        Arbitraries.strings().ascii().ofMaxLength(120).map(EdmString::new));
  }
}
