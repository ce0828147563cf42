package dev.tabula.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.EdmType;
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
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Writes edge values at each level and reads them back with the request reader. */
class EntityJsonRoundTripTest {
  private static final ODataContext CTX = new ODataContext("http://h/acct", "acct", "t");
  private static final Instant STAMP = Instant.parse("2024-01-02T03:04:05.1234567Z");

  private static Map<String, EdmValue> edgeValues() {
    byte[] allBytes = new byte[256];
    for (int i = 0; i < allBytes.length; i++) {
      allBytes[i] = (byte) i;
    }
    Map<String, EdmValue> values = new LinkedHashMap<>();
    values.put("strEmpty", new EdmString(""));
    values.put("strUnicode", new EdmString("é \uD83D\uDE00 \u0000\t\n\"\\/ \u2028"));
    values.put("strNumeric", new EdmString("12"));
    values.put("int32Min", new EdmInt32(Integer.MIN_VALUE));
    values.put("int32Max", new EdmInt32(Integer.MAX_VALUE));
    values.put("boolFalse", new EdmBoolean(false));
    values.put("dblWhole", new EdmDouble(5.0));
    values.put("dblNegZero", new EdmDouble(-0.0));
    values.put("dblHuge", new EdmDouble(1e300));
    values.put("dblMax", new EdmDouble(Double.MAX_VALUE));
    values.put("dblSubnormal", new EdmDouble(Double.MIN_VALUE));
    values.put("dblFraction", new EdmDouble(0.1 + 0.2));
    values.put("dblNaN", new EdmDouble(Double.NaN));
    values.put("dblInf", new EdmDouble(Double.POSITIVE_INFINITY));
    values.put("dblNegInf", new EdmDouble(Double.NEGATIVE_INFINITY));
    values.put("int64Beyond2pow53", new EdmInt64((1L << 53) + 1));
    values.put("int64Max", new EdmInt64(Long.MAX_VALUE));
    values.put("int64Min", new EdmInt64(Long.MIN_VALUE));
    values.put("int64Small", new EdmInt64(7));
    values.put("dt7Digits", new EdmDateTime(Instant.parse("2021-06-18T21:43:35.7585671Z")));
    values.put("dtMin", new EdmDateTime(EdmDateTimes.MIN));
    values.put("dtMax", new EdmDateTime(EdmDateTimes.MAX));
    values.put("guid", new EdmGuid(UUID.fromString("00000000-0000-0000-0000-0000000000ff")));
    values.put("binEmpty", new EdmBinary(new byte[0]));
    values.put("binAll", new EdmBinary(allBytes));
    return values;
  }

  private static ParsedEntity roundTrip(Map<String, EdmValue> values, MetadataLevel level) {
    Entity entity = new Entity("pk'\"é", "rk", STAMP, values);
    return EntityJsonReader.read(EntityJsonWriter.writeEntity(entity, CTX, level, null));
  }

  @ParameterizedTest
  @EnumSource(
      value = MetadataLevel.class,
      names = {"MINIMAL_METADATA", "FULL_METADATA"})
  void typedLevels_keepEveryTypeAndValue(MetadataLevel level) {
    ParsedEntity read = roundTrip(edgeValues(), level);

    assertThat(read.partitionKey()).isEqualTo("pk'\"é");
    assertThat(read.rowKey()).isEqualTo("rk");
    assertThat(read.properties()).containsExactlyEntriesOf(edgeValues());
  }

  @Test
  void noMetadata_keepsJsonNativeTypesAndTurnsTheRestIntoStrings() {
    Map<String, EdmValue> sent = edgeValues();

    Map<String, EdmValue> read = roundTrip(sent, MetadataLevel.NO_METADATA).properties();

    assertThat(read.keySet()).containsExactlyElementsOf(sent.keySet());
    for (Map.Entry<String, EdmValue> entry : sent.entrySet()) {
      EdmValue original = entry.getValue();
      EdmValue back = read.get(entry.getKey());
      if (survivesUntyped(original)) {
        assertThat(back).as(entry.getKey()).isEqualTo(original);
      } else {
        assertThat(back).as(entry.getKey()).isInstanceOf(EdmString.class);
      }
    }
  }

  @Test
  void noMetadata_specialDoublesComeBackAsTheirStrings() {
    Map<String, EdmValue> read = roundTrip(edgeValues(), MetadataLevel.NO_METADATA).properties();

    assertThat(read.get("dblNaN")).isEqualTo(new EdmString("NaN"));
    assertThat(read.get("dblNegInf")).isEqualTo(new EdmString("-Infinity"));
    assertThat(read.get("int64Max")).isEqualTo(new EdmString("9223372036854775807"));
  }

  static boolean survivesUntyped(EdmValue value) {
    EdmType type = value.type();
    return type == EdmType.STRING
        || type == EdmType.INT32
        || type == EdmType.BOOLEAN
        || type == EdmType.DOUBLE && Double.isFinite(((EdmDouble) value).value());
  }
}
