package dev.tabula.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.EdmValue;
import dev.tabula.model.EdmValue.EdmBinary;
import dev.tabula.model.EdmValue.EdmBoolean;
import dev.tabula.model.EdmValue.EdmDateTime;
import dev.tabula.model.EdmValue.EdmDouble;
import dev.tabula.model.EdmValue.EdmGuid;
import dev.tabula.model.EdmValue.EdmInt32;
import dev.tabula.model.EdmValue.EdmInt64;
import dev.tabula.model.EdmValue.EdmString;
import dev.tabula.model.Entity;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class EntityJsonRoundTripProperties {
  private static final ODataContext CTX =
      new ODataContext("http://127.0.0.1:10002/devstoreaccount1", "devstoreaccount1", "t");
  private static final long MIN_TICKS = EdmDateTimes.toTicks(EdmDateTimes.MIN);
  private static final long MAX_TICKS = EdmDateTimes.toTicks(EdmDateTimes.MAX);

  @Property(tries = 300)
  void typedLevels_readBackWhatWasWritten(
      @ForAll("text") String partitionKey,
      @ForAll("text") String rowKey,
      @ForAll("anyValues") Map<String, EdmValue> properties,
      @ForAll boolean full) {
    MetadataLevel level = full ? MetadataLevel.FULL_METADATA : MetadataLevel.MINIMAL_METADATA;
    Entity entity = new Entity(partitionKey, rowKey, Instant.EPOCH, properties);

    ParsedEntity read =
        EntityJsonReader.read(EntityJsonWriter.writeEntity(entity, CTX, level, null));

    assertThat(read.partitionKey()).isEqualTo(partitionKey);
    assertThat(read.rowKey()).isEqualTo(rowKey);
    assertThat(read.properties()).containsExactlyEntriesOf(properties);
  }

  @Property(tries = 200)
  void feeds_readBackEntryByEntry(@ForAll("anyValues") Map<String, EdmValue> properties) {
    Entity entity = new Entity("p", "r", Instant.EPOCH, properties);
    String feed =
        new String(
            EntityJsonWriter.writeFeed(List.of(entity), CTX, MetadataLevel.MINIMAL_METADATA, null),
            StandardCharsets.UTF_8);
    String single =
        new String(
            EntityJsonWriter.writeEntity(entity, CTX, MetadataLevel.MINIMAL_METADATA, null),
            StandardCharsets.UTF_8);

    String entry = single.substring(single.indexOf(",\"odata.etag\"") + 1);
    assertThat(feed)
        .isEqualTo(
            "{\"odata.metadata\":\"" + CTX.feedMetadata() + "\",\"value\":[{" + entry + "]}");
  }

  @Property(tries = 300)
  void noMetadata_readsBackJsonNativeTypes(
      @ForAll("untypedValues") Map<String, EdmValue> properties) {
    Entity entity = new Entity("p", "r", Instant.EPOCH, properties);

    ParsedEntity read =
        EntityJsonReader.read(
            EntityJsonWriter.writeEntity(entity, CTX, MetadataLevel.NO_METADATA, null));

    assertThat(read.properties()).containsExactlyEntriesOf(properties);
  }

  @Property(tries = 500)
  void keyLiteral_decodesBackToTheKeyAndHoldsOnlyPathCharacters(@ForAll("text") String key) {
    String literal = ODataContext.keyLiteral(key);

    assertThat(literal).matches("[A-Za-z0-9\\-._~!*'()%]*");
    assertThat(literal.replace("''", "")).doesNotContain("'");
    assertThat(percentDecode(literal).replace("''", "'")).isEqualTo(key);
  }

  private static String percentDecode(String text) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '%') {
        bytes.write(Integer.parseInt(text.substring(i + 1, i + 3), 16));
        i += 2;
      } else {
        bytes.write(c);
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Provide
  Arbitrary<String> text() {
    // Well-formed UTF-16 only: supplementary characters arrive as whole surrogate pairs.
    return Arbitraries.strings()
        .withCharRange('\u0000', '\uD7FF')
        .withCharRange('\uE000', '\uFFFD')
        .ofMaxLength(20)
        .injectDuplicates(0.05)
        .edgeCases(c -> c.add("", "'", "\"", "%", "\uD83D\uDE00"));
  }

  @Provide
  Arbitrary<Map<String, EdmValue>> anyValues() {
    return maps(Arbitraries.oneOf(untyped(), typedOnly()));
  }

  @Provide
  Arbitrary<Map<String, EdmValue>> untypedValues() {
    return maps(untyped());
  }

  private Arbitrary<Map<String, EdmValue>> maps(Arbitrary<EdmValue> values) {
    Arbitrary<String> names =
        Arbitraries.strings()
            .alpha()
            .numeric()
            .withChars('_')
            .ofMinLength(1)
            .ofMaxLength(12)
            .filter(n -> !Character.isDigit(n.charAt(0)))
            .filter(
                n -> !n.equals("PartitionKey") && !n.equals("RowKey") && !n.equals("Timestamp"));
    return Arbitraries.maps(names, values).ofMaxSize(12).map(LinkedHashMap::new);
  }

  /** Values whose type JSON carries by itself. */
  private Arbitrary<EdmValue> untyped() {
    return Arbitraries.oneOf(
        text().map(EdmString::new),
        Arbitraries.integers().map(EdmInt32::new),
        Arbitraries.of(true, false).map(EdmBoolean::new),
        Arbitraries.longs()
            .map(Double::longBitsToDouble)
            .filter(Double::isFinite)
            .edgeCases(c -> c.add(-0.0, 0.0, 5.0, Double.MIN_VALUE, Double.MAX_VALUE))
            .map(EdmDouble::new));
  }

  /** Values that need an annotation to survive. */
  private Arbitrary<EdmValue> typedOnly() {
    return Arbitraries.oneOf(
        Arbitraries.longs().map(EdmInt64::new),
        Arbitraries.longs()
            .between(MIN_TICKS, MAX_TICKS)
            .map(EdmDateTimes::fromTicks)
            .map(EdmDateTime::new),
        Arbitraries.randomValue(r -> new UUID(r.nextLong(), r.nextLong())).map(EdmGuid::new),
        Arbitraries.bytes().array(byte[].class).ofMaxSize(40).map(EdmBinary::new),
        Arbitraries.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY)
            .map(EdmDouble::new));
  }
}
