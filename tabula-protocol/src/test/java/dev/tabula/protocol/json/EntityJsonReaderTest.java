package dev.tabula.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.model.EdmValue;
import dev.tabula.model.EdmValue.EdmBinary;
import dev.tabula.model.EdmValue.EdmBoolean;
import dev.tabula.model.EdmValue.EdmDateTime;
import dev.tabula.model.EdmValue.EdmDouble;
import dev.tabula.model.EdmValue.EdmGuid;
import dev.tabula.model.EdmValue.EdmInt32;
import dev.tabula.model.EdmValue.EdmInt64;
import dev.tabula.model.EdmValue.EdmString;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class EntityJsonReaderTest {

  private static ParsedEntity read(String json) {
    return EntityJsonReader.read(json.getBytes(StandardCharsets.UTF_8));
  }

  private static EdmValue value(String json) {
    return read(json).properties().get("P");
  }

  private static void assertFails(String json, TableErrorCode code) {
    assertThatThrownBy(() -> read(json))
        .isInstanceOfSatisfying(TableException.class, e -> assertThat(e.code()).isEqualTo(code));
  }

  @Test
  void read_takesKeysAsFieldsAndKeepsBodyOrder() {
    ParsedEntity entity =
        read("{\"zeta\":\"z\",\"RowKey\":\"r\",\"alpha\":1,\"PartitionKey\":\"p\",\"mid\":true}");

    assertThat(entity.partitionKey()).isEqualTo("p");
    assertThat(entity.rowKey()).isEqualTo("r");
    assertThat(entity.properties()).containsOnlyKeys("zeta", "alpha", "mid");
    assertThat(entity.properties().keySet()).containsExactly("zeta", "alpha", "mid");
  }

  @Test
  void read_leavesKeysNullWhenAbsentOrNull() {
    ParsedEntity entity = read("{\"PartitionKey\":null,\"a\":\"x\"}");

    assertThat(entity.partitionKey()).isNull();
    assertThat(entity.rowKey()).isNull();
  }

  @Test
  void read_infersUnannotatedTypes() {
    ParsedEntity entity =
        read("{\"s\":\"text\",\"i\":42,\"neg\":-7,\"d\":3.14,\"e\":1e3,\"t\":true,\"f\":false}");

    assertThat(entity.properties())
        .containsEntry("s", new EdmString("text"))
        .containsEntry("i", new EdmInt32(42))
        .containsEntry("neg", new EdmInt32(-7))
        .containsEntry("d", new EdmDouble(3.14))
        .containsEntry("e", new EdmDouble(1000.0))
        .containsEntry("t", new EdmBoolean(true))
        .containsEntry("f", new EdmBoolean(false));
  }

  @Test
  void read_unannotatedIntegerBeyondInt32_isDoubleAsTheServiceReaderDoes() {
    assertThat(value("{\"P\":2147483647}")).isEqualTo(new EdmInt32(Integer.MAX_VALUE));
    assertThat(value("{\"P\":2147483648}")).isEqualTo(new EdmDouble(2147483648.0));
    assertThat(value("{\"P\":-2147483649}")).isEqualTo(new EdmDouble(-2147483649.0));
  }

  @Test
  void read_dropsNullValuesEvenWhenAnnotated() {
    ParsedEntity entity = read("{\"a\":null,\"b@odata.type\":\"Edm.Int64\",\"b\":null,\"c\":1}");

    assertThat(entity.properties()).containsOnlyKeys("c");
  }

  @Test
  void read_ignoresTimestampAndODataMetadata() {
    ParsedEntity entity =
        read(
            "{\"odata.metadata\":\"m\",\"odata.etag\":\"W/\\\"x\\\"\",\"odata.type\":\"a.t\","
                + "\"@odata.etag\":{\"nested\":1},\"Timestamp@odata.type\":\"Edm.DateTime\","
                + "\"Timestamp\":\"2020-01-01T00:00:00Z\","
                + "\"a@odata.mediaEditLink\":\"x\",\"a\":1}");

    assertThat(entity.properties()).containsOnlyKeys("a");
  }

  @Test
  void read_annotationBeforeValue() {
    assertThat(value("{\"P@odata.type\":\"Edm.Int64\",\"P\":\"9007199254740993\"}"))
        .isEqualTo(new EdmInt64(9007199254740993L));
  }

  @Test
  void read_annotationAfterValue() {
    assertThat(value("{\"P\":\"9007199254740993\",\"P@odata.type\":\"Edm.Int64\"}"))
        .isEqualTo(new EdmInt64(9007199254740993L));
  }

  @Test
  void read_annotatedTypes() {
    UUID guid = UUID.fromString("c9da6455-213d-42c9-9a79-3e9149a57833");
    assertThat(
            value("{\"P@odata.type\":\"Edm.Guid\",\"P\":\"C9DA6455-213D-42C9-9A79-3E9149A57833\"}"))
        .isEqualTo(new EdmGuid(guid));
    assertThat(value("{\"P@odata.type\":\"Edm.Binary\",\"P\":\"QmFy\"}"))
        .isEqualTo(new EdmBinary("Bar".getBytes(StandardCharsets.US_ASCII)));
    assertThat(value("{\"P@odata.type\":\"Edm.Binary\",\"P\":\"\"}"))
        .isEqualTo(new EdmBinary(new byte[0]));
    assertThat(value("{\"P@odata.type\":\"Edm.DateTime\",\"P\":\"2021-06-18T21:43:35.7585671Z\"}"))
        .isEqualTo(new EdmDateTime(Instant.parse("2021-06-18T21:43:35.7585671Z")));
    assertThat(value("{\"P@odata.type\":\"Edm.Int32\",\"P\":5}")).isEqualTo(new EdmInt32(5));
    assertThat(value("{\"P@odata.type\":\"Edm.Boolean\",\"P\":true}"))
        .isEqualTo(new EdmBoolean(true));
    assertThat(value("{\"P@odata.type\":\"Edm.String\",\"P\":\"12\"}"))
        .isEqualTo(new EdmString("12"));
    assertThat(value("{\"P@odata.type\":\"Edm.Double\",\"P\":5}")).isEqualTo(new EdmDouble(5.0));
  }

  @Test
  void read_guidAcceptsTheDotNetForms() {
    EdmGuid expected = new EdmGuid(UUID.fromString("c9da6455-213d-42c9-9a79-3e9149a57833"));
    for (String form :
        new String[] {
          "c9da6455213d42c99a793e9149a57833",
          "{c9da6455-213d-42c9-9a79-3e9149a57833}",
          "(c9da6455-213d-42c9-9a79-3e9149a57833)"
        }) {
      assertThat(value("{\"P@odata.type\":\"Edm.Guid\",\"P\":\"" + form + "\"}"))
          .isEqualTo(expected);
    }
  }

  @Test
  void read_dateTimeWithoutOffsetIsUtcAndOffsetsAreApplied() {
    assertThat(value("{\"P@odata.type\":\"Edm.DateTime\",\"P\":\"2008-07-10T00:00:00\"}"))
        .isEqualTo(new EdmDateTime(Instant.parse("2008-07-10T00:00:00Z")));
    assertThat(value("{\"P@odata.type\":\"Edm.DateTime\",\"P\":\"2023-04-11T21:16:40.331+02:00\"}"))
        .isEqualTo(new EdmDateTime(Instant.parse("2023-04-11T19:16:40.331Z")));
    assertThat(value("{\"P@odata.type\":\"Edm.DateTime\",\"P\":\"1601-01-01T00:00:00Z\"}"))
        .isEqualTo(new EdmDateTime(Instant.parse("1601-01-01T00:00:00Z")));
  }

  @ParameterizedTest
  @CsvSource({
    "'\"NaN\"', NaN",
    "'\"Infinity\"', Infinity",
    "'\"-Infinity\"', -Infinity",
    "'\"1.23456789012346e+24\"', 1.23456789012346E24",
    "'\"-0.0\"', -0.0",
    "'\"5\"', 5.0",
    "1e300, 1.0E300",
    "4.9E-324, 4.9E-324",
    "-0.0, -0.0"
  })
  void read_doubleForms(String json, double expected) {
    assertThat(value("{\"P@odata.type\":\"Edm.Double\",\"P\":" + json + "}"))
        .isEqualTo(new EdmDouble(expected));
  }

  @Test
  void read_int64AcceptsJsonNumbersAndExtremes() {
    assertThat(value("{\"P@odata.type\":\"Edm.Int64\",\"P\":123}")).isEqualTo(new EdmInt64(123));
    assertThat(value("{\"P@odata.type\":\"Edm.Int64\",\"P\":\"-9223372036854775808\"}"))
        .isEqualTo(new EdmInt64(Long.MIN_VALUE));
  }

  @Test
  void read_keysMayCarryAnEdmStringAnnotation() {
    ParsedEntity entity =
        read("{\"PartitionKey\":\"p\",\"PartitionKey@odata.type\":\"Edm.String\",\"RowKey\":\"\"}");

    assertThat(entity.partitionKey()).isEqualTo("p");
    assertThat(entity.rowKey()).isEmpty();
  }

  @Test
  void read_passesUnknownAtNamesThroughForNameValidation() {
    assertThat(read("{\"a@b\":1}").properties()).containsOnlyKeys("a@b");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "   ",
        "[]",
        "\"text\"",
        "{",
        "{\"a\":1,}",
        "{\"a\":1} {\"b\":2}",
        "{\"a\":1}x",
        "{\"a\":NaN}",
        "{\"a\":01}",
        "{'a':1}",
        "{\"a\":{\"b\":1}}",
        "{\"a\":[1]}",
        "{\"a\":\"\\ud800\"}",
        "{\"P@odata.type\":\"Edm.Decimal\",\"P\":\"1\"}",
        "{\"P@odata.type\":\"edm.int64\",\"P\":\"1\"}",
        "{\"P@odata.type\":5,\"P\":\"1\"}",
        "{\"P@odata.type\":\"Edm.Int64\"}",
        "{\"P@odata.type\":\"Edm.Int64\",\"P\":\"12x\"}",
        "{\"P@odata.type\":\"Edm.Int64\",\"P\":\"9223372036854775808\"}",
        "{\"P@odata.type\":\"Edm.Int64\",\"P\":1.5}",
        "{\"P@odata.type\":\"Edm.Int32\",\"P\":2147483648}",
        "{\"P@odata.type\":\"Edm.Int32\",\"P\":1.0}",
        "{\"P@odata.type\":\"Edm.Int32\",\"P\":true}",
        "{\"P@odata.type\":\"Edm.Guid\",\"P\":\"not-a-guid\"}",
        "{\"P@odata.type\":\"Edm.Guid\",\"P\":\"1-1-1-1-1\"}",
        "{\"P@odata.type\":\"Edm.Guid\",\"P\":5}",
        "{\"P@odata.type\":\"Edm.Binary\",\"P\":\"%%%\"}",
        "{\"P@odata.type\":\"Edm.Binary\",\"P\":1}",
        "{\"P@odata.type\":\"Edm.DateTime\",\"P\":\"yesterday\"}",
        "{\"P@odata.type\":\"Edm.DateTime\",\"P\":0}",
        "{\"P@odata.type\":\"Edm.Double\",\"P\":\"1.797693134862316e308\"}",
        "{\"P@odata.type\":\"Edm.Double\",\"P\":1.797693134862316e308}",
        "{\"P@odata.type\":\"Edm.Double\",\"P\":\"0x1p3\"}",
        "{\"P@odata.type\":\"Edm.Double\",\"P\":\"1.5d\"}",
        "{\"P@odata.type\":\"Edm.Double\",\"P\":\"INF\"}",
        "{\"P@odata.type\":\"Edm.Double\",\"P\":true}",
        "{\"P@odata.type\":\"Edm.Boolean\",\"P\":1}",
        "{\"P@odata.type\":\"Edm.String\",\"P\":1}",
        "{\"P\":1e400}",
        "{\"PartitionKey\":1,\"RowKey\":\"r\"}",
        "{\"PartitionKey\":\"p\",\"RowKey\":true}",
        "{\"PartitionKey\":\"p\",\"PartitionKey@odata.type\":\"Edm.Int64\"}"
      })
  void read_refusesWithInvalidInput(String json) {
    assertFails(json, TableErrorCode.INVALID_INPUT);
  }

  @Test
  void read_refusesANullBody() {
    assertThatThrownBy(() -> EntityJsonReader.read(null))
        .isInstanceOfSatisfying(
            TableException.class,
            e -> assertThat(e.code()).isEqualTo(TableErrorCode.INVALID_INPUT));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"a\":1,\"a\":2}",
        "{\"a\":null,\"a\":2}",
        "{\"PartitionKey\":\"p\",\"PartitionKey\":\"q\"}",
        "{\"a@odata.type\":\"Edm.Int64\",\"a\":\"1\",\"a@odata.type\":\"Edm.Int64\"}"
      })
  void read_refusesDuplicates(String json) {
    assertFails(json, TableErrorCode.DUPLICATE_PROPERTIES_SPECIFIED);
  }

  @Test
  void read_propertyNamesAreCaseSensitiveSoCaseVariantsAreNotDuplicates() {
    assertThat(read("{\"a\":1,\"A\":2}").properties()).containsOnlyKeys("a", "A");
  }

  // The value is shown as MM/dd/yyyy HH:mm:ss, as the service shows it (CloudStub's real-account
  // tests, Execute_WhenDateTimePropertyIsInvalid_ThrowsException: {value:MM/dd/yyyy HH:mm:ss}).
  @ParameterizedTest
  @CsvSource({
    "1600-12-31T23:59:59.9999999Z, 12/31/1600 23:59:59",
    "0001-01-01T00:00:00Z, 01/01/0001 00:00:00",
    "1600-06-15T08:09:10+02:00, 06/15/1600 06:09:10"
  })
  void read_dateTimeOutsideTheServiceRange_isOutOfRangeInput(String text, String shown) {
    assertThatThrownBy(() -> read("{\"P@odata.type\":\"Edm.DateTime\",\"P\":\"" + text + "\"}"))
        .isInstanceOfSatisfying(
            TableException.class,
            e -> {
              assertThat(e.code()).isEqualTo(TableErrorCode.OUT_OF_RANGE_INPUT);
              assertThat(e.getMessage())
                  .isEqualTo("The 'P' parameter of value '" + shown + "' is out of range.");
            });
  }
}
