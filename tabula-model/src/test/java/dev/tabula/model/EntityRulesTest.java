package dev.tabula.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EntityRulesTest {

  private static TableErrorCode failure(Runnable check) {
    try {
      check.run();
    } catch (TableException e) {
      return e.code();
    }
    return null;
  }

  @Test
  void keys_refuseTheDocumentedCharacters() {
    for (String bad :
        new String[] {"a/b", "a\\b", "a#b", "a?b", "a\u0000", "\u001f", "\u007f", "\u009f"}) {
      // CloudStub's real-account Insert tests: 400 OutOfRangeInput naming the key as sent.
      assertThat(failure(() -> EntityRules.checkKey("RowKey", bad)))
          .as(bad)
          .isEqualTo(TableErrorCode.OUT_OF_RANGE_INPUT);
      assertThat(failure(() -> EntityRules.checkAddressedKey(bad, false)))
          .as(bad)
          .isEqualTo(TableErrorCode.OUT_OF_RANGE_INPUT);
    }
    assertThatCode(() -> EntityRules.checkKey("RowKey", "")).doesNotThrowAnyException();
    assertThatCode(() -> EntityRules.checkKey("RowKey", "it's %41 ключ 😀"))
        .doesNotThrowAnyException();
  }

  @Test
  void keyMessages_showTheKeyAsSent_controlCharactersIncluded() {
    TableException e =
        assertThrows(TableException.class, () -> EntityRules.checkKey("PartitionKey", "a\u0001b"));
    assertThat(e.getMessage())
        .isEqualTo("The 'PartitionKey' parameter of value 'a\u0001b' is out of range.");
    TableException byUrl =
        assertThrows(TableException.class, () -> EntityRules.checkAddressedKey("a#", true));
    assertThat(byUrl.getMessage()).isEqualTo("One of the request inputs is out of range.");
  }

  @Test
  void addressedKeys_over1024Characters_areRefusedOnlyWhereStored() {
    assertThat(failure(() -> EntityRules.checkAddressedKey("k".repeat(2048), false))).isNull();
    assertThat(failure(() -> EntityRules.checkAddressedKey("k".repeat(1025), true)))
        .isEqualTo(TableErrorCode.PROPERTY_VALUE_TOO_LARGE);
  }

  @Test
  void dateTimeOutOfRange_showsTheValueAsMonthDayYear() {
    assertThat(
            EntityRules.dateTimeOutOfRange("d", Instant.parse("1600-12-31T23:59:59.999Z"))
                .getMessage())
        .isEqualTo("The 'd' parameter of value '12/31/1600 23:59:59' is out of range.");
    assertThat(
            EntityRules.dateTimeOutOfRange("d", Instant.parse("0001-01-01T00:00:00Z")).getMessage())
        .isEqualTo("The 'd' parameter of value '01/01/0001 00:00:00' is out of range.");
  }

  @Test
  void keys_holdAtMost1024Characters() {
    assertThat(failure(() -> EntityRules.checkKey("PartitionKey", "k".repeat(1024)))).isNull();
    assertThat(failure(() -> EntityRules.checkKey("PartitionKey", "k".repeat(1025))))
        .isEqualTo(TableErrorCode.PROPERTY_VALUE_TOO_LARGE);
  }

  @Test
  void propertyNames_followIdentifierRules() {
    assertThat(failure(() -> EntityRules.checkPropertyName("_Name1"))).isNull();
    assertThat(failure(() -> EntityRules.checkPropertyName("Größe"))).isNull();
    for (String bad : new String[] {"1abc", "a-b", "a.b", "", "a b"}) {
      assertThat(failure(() -> EntityRules.checkPropertyName(bad)))
          .as(bad)
          .isEqualTo(TableErrorCode.PROPERTY_NAME_INVALID);
    }
    assertThat(failure(() -> EntityRules.checkPropertyName("n".repeat(255)))).isNull();
    assertThat(failure(() -> EntityRules.checkPropertyName("n".repeat(256))))
        .isEqualTo(TableErrorCode.PROPERTY_NAME_TOO_LONG);
  }

  @Test
  void values_stringsAndBinariesUpTo64KiB_datesInRange() {
    assertThat(
            failure(
                () -> EntityRules.checkValue("s", new EdmValue.EdmString("x".repeat(32 * 1024)))))
        .isNull();
    assertThat(
            failure(
                () ->
                    EntityRules.checkValue("s", new EdmValue.EdmString("x".repeat(32 * 1024 + 1)))))
        .isEqualTo(TableErrorCode.PROPERTY_VALUE_TOO_LARGE);
    assertThat(failure(() -> EntityRules.checkValue("b", new EdmValue.EdmBinary(new byte[65536]))))
        .isNull();
    assertThat(failure(() -> EntityRules.checkValue("b", new EdmValue.EdmBinary(new byte[65537]))))
        .isEqualTo(TableErrorCode.PROPERTY_VALUE_TOO_LARGE);
    assertThat(
            failure(
                () ->
                    EntityRules.checkValue(
                        "d", new EdmValue.EdmDateTime(Instant.parse("1600-12-31T23:59:59Z")))))
        .isEqualTo(TableErrorCode.OUT_OF_RANGE_INPUT);
  }

  @Test
  void entity_atMost252PropertiesAnd1MiB() {
    Map<String, EdmValue> props = new LinkedHashMap<>();
    for (int i = 0; i < 252; i++) {
      props.put("p" + i, new EdmValue.EdmInt32(i));
    }
    assertThat(failure(() -> EntityRules.checkEntity(Entity.unsaved("pk", "rk", props)))).isNull();
    props.put("one_more", new EdmValue.EdmBoolean(true));
    assertThat(failure(() -> EntityRules.checkEntity(Entity.unsaved("pk", "rk", props))))
        .isEqualTo(TableErrorCode.TOO_MANY_PROPERTIES);

    Map<String, EdmValue> big = new LinkedHashMap<>();
    for (int i = 0; i < 17; i++) {
      big.put("s" + i, new EdmValue.EdmString("x".repeat(32 * 1024)));
    }
    assertThat(EntityRules.size(Entity.unsaved("pk", "rk", big)))
        .isGreaterThan(Limits.MAX_ENTITY_BYTES);
    assertThat(failure(() -> EntityRules.checkEntity(Entity.unsaved("pk", "rk", big))))
        .isEqualTo(TableErrorCode.ENTITY_TOO_LARGE);
  }

  @Test
  void tableNames_rulesAndCodes() {
    assertThat(failure(() -> TableNames.check("Orders2024"))).isNull();
    assertThat(failure(() -> TableNames.check("abc"))).isNull();
    assertThat(failure(() -> TableNames.check("a".repeat(63)))).isNull();
    assertThat(failure(() -> TableNames.check("ab"))).isEqualTo(TableErrorCode.OUT_OF_RANGE_INPUT);
    assertThat(failure(() -> TableNames.check("a".repeat(64))))
        .isEqualTo(TableErrorCode.OUT_OF_RANGE_INPUT);
    assertThat(failure(() -> TableNames.check("1abc")))
        .isEqualTo(TableErrorCode.INVALID_RESOURCE_NAME);
    assertThat(failure(() -> TableNames.check("my-table")))
        .isEqualTo(TableErrorCode.INVALID_RESOURCE_NAME);
    // The reserved name is InvalidInput on a real account (CloudStub StubCloudTableTests).
    assertThat(failure(() -> TableNames.check("tables"))).isEqualTo(TableErrorCode.INVALID_INPUT);
    assertThat(failure(() -> TableNames.check("Tables"))).isEqualTo(TableErrorCode.INVALID_INPUT);
  }
}
