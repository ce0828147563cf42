package dev.tabula.engine.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.model.EdmArbitraries;
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
import dev.tabula.model.EncodedProperties;
import dev.tabula.model.Entity;
import dev.tabula.model.ImmutableProperties;
import dev.tabula.model.PropertyCursor;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class EntityValueCodecProperties {

  @Property(tries = 300)
  void decode_returnsWhatWasEncoded(
      @ForAll("timestamps") Instant timestamp,
      @ForAll("propertyMaps") Map<String, EdmValue> properties) {
    Entity decoded =
        EntityValueCodec.decode("pk", "rk", EntityValueCodec.encode(timestamp, properties));

    assertThat(decoded).isEqualTo(new Entity("pk", "rk", timestamp, properties));
    assertThat(new ArrayList<>(decoded.properties().keySet()))
        .containsExactlyElementsOf(properties.keySet());
  }

  @Property(tries = 200)
  void decodeProperty_findsEachPropertyAndOnlyThose(
      @ForAll("propertyMaps") Map<String, EdmValue> properties, @ForAll("names") String probe) {
    byte[] value = EntityValueCodec.encode(Instant.EPOCH, properties);

    for (Map.Entry<String, EdmValue> property : properties.entrySet()) {
      assertThat(EntityValueCodec.decodeProperty(value, property.getKey()))
          .contains(property.getValue());
    }
    assertThat(EntityValueCodec.decodeProperty(value, probe))
        .isEqualTo(java.util.Optional.ofNullable(properties.get(probe)));
  }

  @Property(tries = 200)
  void decodeProperties_findsTheNamedPropertiesInOnePass(
      @ForAll("propertyMaps") Map<String, EdmValue> properties,
      @ForAll("names") String probe,
      @ForAll("names") String other) {
    byte[] value = EntityValueCodec.encode(Instant.EPOCH, properties);
    List<String> wanted = new ArrayList<>(new LinkedHashSet<>(List.of(probe, other)));
    wanted.addAll(properties.keySet().stream().filter(n -> !wanted.contains(n)).limit(2).toList());
    EdmValue[] out = new EdmValue[wanted.size() + 1];
    Arrays.fill(out, new EdmInt32(-1)); // stale values from an earlier row must not survive

    EntityValueCodec.decodeProperties(value, PropertyNames.of(wanted), out);

    for (int i = 0; i < wanted.size(); i++) {
      assertThat(out[i]).as(wanted.get(i)).isEqualTo(properties.get(wanted.get(i)));
    }
    assertThat(out[wanted.size()]).isEqualTo(new EdmInt32(-1));
  }

  @Property(tries = 100)
  void decodeTimestamp_readsOnlyTheHeader(@ForAll("timestamps") Instant timestamp) {
    byte[] value = EntityValueCodec.encode(timestamp, Map.of("a", new EdmInt32(1)));

    assertThat(EntityValueCodec.decodeTimestamp(value)).isEqualTo(timestamp);
  }

  @Property(tries = 100)
  void decode_failsCleanlyOnEveryTruncation(
      @ForAll("propertyMaps") Map<String, EdmValue> properties) {
    byte[] value = EntityValueCodec.encode(Instant.EPOCH, properties);

    for (int length = 0; length < value.length; length++) {
      byte[] truncated = Arrays.copyOf(value, length);
      assertThatThrownBy(() -> EntityValueCodec.decode("p", "r", truncated))
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Example
  void specialValues_roundTrip() {
    Map<String, EdmValue> properties = new LinkedHashMap<>();
    properties.put("nan", new EdmDouble(Double.NaN));
    properties.put("oddNan", new EdmDouble(Double.longBitsToDouble(0x7ff8_0000_0000_0123L)));
    properties.put("posInf", new EdmDouble(Double.POSITIVE_INFINITY));
    properties.put("negInf", new EdmDouble(Double.NEGATIVE_INFINITY));
    properties.put("negZero", new EdmDouble(-0.0));
    properties.put("minLong", new EdmInt64(Long.MIN_VALUE));
    properties.put("maxLong", new EdmInt64(Long.MAX_VALUE));
    properties.put("minInt", new EdmInt32(Integer.MIN_VALUE));
    properties.put("maxInt", new EdmInt32(Integer.MAX_VALUE));
    properties.put("first", new EdmDateTime(EdmDateTimes.MIN));
    properties.put("last", new EdmDateTime(EdmDateTimes.MAX));
    properties.put("emptyText", new EdmString(""));
    properties.put("emptyBytes", new EdmBinary(new byte[0]));
    properties.put("bigBytes", new EdmBinary(new byte[64 * 1024]));
    properties.put("bigText", new EdmString("\uD83D\uDE00".repeat(16 * 1024)));
    properties.put("lone", new EdmString("a\uDC00b\uD800"));
    properties.put("f", new EdmBoolean(false));
    properties.put("t", new EdmBoolean(true));

    byte[] value = EntityValueCodec.encode(EdmDateTimes.MAX, properties);
    Entity decoded = EntityValueCodec.decode("p", "r", value);

    assertThat(decoded.properties()).isEqualTo(properties);
    double oddNan = ((EdmDouble) decoded.properties().get("oddNan")).value();
    assertThat(Double.doubleToRawLongBits(oddNan)).isEqualTo(0x7ff8_0000_0000_0123L);
    assertThat(decoded.timestamp()).isEqualTo(EdmDateTimes.MAX);
  }

  @Example
  void decode_refusesUnknownFormatVersion() {
    byte[] value = EntityValueCodec.encode(Instant.EPOCH, Map.of());
    value[0] = 2;

    assertThatThrownBy(() -> EntityValueCodec.decode("p", "r", value))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("version");
  }

  @Example
  void decode_refusesTrailingBytesAndUnknownTags() {
    byte[] value = EntityValueCodec.encode(Instant.EPOCH, Map.of("a", new EdmBoolean(true)));
    byte[] longer = Arrays.copyOf(value, value.length + 1);
    byte[] badTag = value.clone();
    badTag[badTag.length - 2] = 99;

    assertThatThrownBy(() -> EntityValueCodec.decode("p", "r", longer))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> EntityValueCodec.decode("p", "r", badTag))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Example
  void decode_buildsPropertiesOnFirstRead_asAnImmutableMapTheEntityKeeps() throws Exception {
    Map<String, EdmValue> properties = new LinkedHashMap<>();
    properties.put("b", new EdmBoolean(true));
    properties.put("a", new EdmString("x"));
    Entity decoded =
        EntityValueCodec.decode("p", "r", EntityValueCodec.encode(Instant.EPOCH, properties));

    assertThat(decoded.properties()).isInstanceOf(ImmutableProperties.class).hasSize(2);
    assertThat(decoded.withTimestamp(Instant.MAX).properties()).isSameAs(decoded.properties());
    assertThatThrownBy(() -> decoded.properties().put("c", new EdmBoolean(false)))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> decoded.properties().entrySet().clear())
        .isInstanceOf(UnsupportedOperationException.class);
    // Read first from another thread: what this one reads afterwards is the same.
    Thread other = new Thread(() -> decoded.properties().get("a"));
    other.start();
    other.join();
    assertThat(decoded.properties()).isEqualTo(properties).hasSameHashCodeAs(properties);
    assertThat(new ArrayList<>(decoded.properties().keySet())).containsExactly("b", "a");
  }

  @Property(tries = 300)
  void cursor_walksTheStoredProperties_inOrder_asTheMapHasThem(
      @ForAll("propertyMaps") Map<String, EdmValue> properties) {
    Entity decoded =
        EntityValueCodec.decode("p", "r", EntityValueCodec.encode(Instant.EPOCH, properties));
    PropertyCursor cursor = ((EncodedProperties) decoded.properties()).cursor();

    for (Map.Entry<String, EdmValue> property : properties.entrySet()) {
      assertThat(cursor.next()).isTrue();
      byte[] source = cursor.source();
      assertThat(cursor.name()).isEqualTo(property.getKey());
      assertThat(
              Arrays.copyOfRange(
                  source, cursor.nameStart(), cursor.nameStart() + cursor.nameLength()))
          .isEqualTo(Wtf8.encode(property.getKey()));
      assertThat(cursor.type()).isEqualTo(property.getValue().type());
      assertThat(typedValue(cursor)).isEqualTo(property.getValue());
    }
    assertThat(cursor.next()).isFalse();
    assertThat(cursor.next()).isFalse();
  }

  /** The cursor's value read through its typed accessors and value ranges. */
  private static EdmValue typedValue(PropertyCursor cursor) {
    byte[] range =
        Arrays.copyOfRange(
            cursor.source(), cursor.valueStart(), cursor.valueStart() + cursor.valueLength());
    return switch (cursor.type()) {
      case STRING -> {
        assertThat(range).isEqualTo(Wtf8.encode(cursor.stringValue()));
        yield new EdmString(cursor.stringValue());
      }
      case BINARY -> new EdmBinary(range);
      case BOOLEAN -> new EdmBoolean(cursor.booleanValue());
      case DATE_TIME -> new EdmDateTime(cursor.dateTimeValue());
      case DOUBLE -> new EdmDouble(cursor.doubleValue());
      case GUID -> new EdmGuid(cursor.guidValue());
      case INT32 -> new EdmInt32(cursor.int32Value());
      case INT64 -> new EdmInt64(cursor.int64Value());
    };
  }

  @Example
  void aBadBooleanByte_failsWhenTheCursorReachesIt() {
    Map<String, EdmValue> properties = new LinkedHashMap<>();
    properties.put("n", new EdmInt32(1));
    properties.put("a", new EdmBoolean(true));
    byte[] value = EntityValueCodec.encode(Instant.EPOCH, properties);
    value[value.length - 1] = 7;
    PropertyCursor cursor =
        ((EncodedProperties) EntityValueCodec.decode("p", "r", value).properties()).cursor();

    assertThat(cursor.next()).isTrue();
    assertThatThrownBy(cursor::next).isInstanceOf(IllegalArgumentException.class);
  }

  @Example
  void aBadBooleanByte_failsWhenThePropertiesAreRead() {
    byte[] value = EntityValueCodec.encode(Instant.EPOCH, Map.of("a", new EdmBoolean(true)));
    value[value.length - 1] = 7;
    Entity decoded = EntityValueCodec.decode("p", "r", value);

    assertThatThrownBy(() -> decoded.properties().get("a"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Provide
  Arbitrary<Instant> timestamps() {
    return EdmArbitraries.instants();
  }

  @Provide
  Arbitrary<String> names() {
    return Arbitraries.strings().withCharRange('a', 'e').ofMinLength(1).ofMaxLength(3);
  }

  @Provide
  Arbitrary<Map<String, EdmValue>> propertyMaps() {
    return Arbitraries.maps(names(), values()).ofMaxSize(12).map(LinkedHashMap::new);
  }

  private Arbitrary<EdmValue> values() {
    return EdmArbitraries.values(300);
  }
}
