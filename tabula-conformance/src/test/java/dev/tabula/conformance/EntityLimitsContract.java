package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertError;
import static dev.tabula.conformance.support.ServiceErrors.assertServiceError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import dev.tabula.conformance.support.RawResponse;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The service's entity limits, each at its boundary and one past it, with its exact code. */
@OnEveryEngine
class EntityLimitsContract extends ConformanceBase {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "a/b",
        "a\\b",
        "a#b",
        "a?b",
        "a\u0000b",
        "a\u0001b",
        "\u001f",
        "a\u007fb",
        "a\u0085b",
        "a\u009fb"
      })
  void key_withForbiddenCharacter_returns400OutOfRangeInput(String key) {
    TableClient table = newTable();

    // CloudStub's real-account Insert tests answer OutOfRangeInput (KeyRulesContract has the text).
    assertServiceError(400, "OutOfRangeInput", () -> table.createEntity(new TableEntity(key, "r")));
    assertServiceError(400, "OutOfRangeInput", () -> table.createEntity(new TableEntity("p", key)));
    assertThat(table.listEntities()).isEmpty();
  }

  @Test
  void key_of1024Characters_isAccepted() {
    TableClient table = newTable();
    String key = "k".repeat(1024);

    table.createEntity(new TableEntity(key, key));

    assertThat(table.getEntity(key, key).getRowKey()).isEqualTo(key);
  }

  @Test
  void key_of1025Characters_returns400() {
    TableClient table = newTable();
    String key = "k".repeat(1025);

    // The service's exact code is not documented; Tabula answers PropertyValueTooLarge.
    assertServiceError(
        400, "PropertyValueTooLarge", () -> table.createEntity(new TableEntity(key, "r")));
    assertServiceError(
        400, "PropertyValueTooLarge", () -> table.createEntity(new TableEntity("p", key)));
  }

  @Test
  void customProperties_252AreAccepted_253Return400TooManyProperties() {
    TableClient table = newTable();

    table.createEntity(withProperties("ok", 252));
    assertThat(table.getEntity("p", "ok").getProperties()).containsKey("prop251");

    assertServiceError(
        400, "TooManyProperties", () -> table.createEntity(withProperties("tooMany", 253)));
  }

  @Test
  void merge_pastThePropertyLimit_returns400TooManyProperties() {
    TableClient table = newTable();
    table.createEntity(withProperties("r", 200));
    TableEntity extra = new TableEntity("p", "r");
    for (int i = 0; i < 53; i++) {
      extra.addProperty("more" + i, i);
    }

    assertServiceError(
        400, "TooManyProperties", () -> table.updateEntity(extra, TableEntityUpdateMode.MERGE));
    assertThat(table.getEntity("p", "r").getProperties()).doesNotContainKey("more0");
  }

  @Test
  void propertyName_of255CharactersIsAccepted_256Return400PropertyNameTooLong() {
    TableClient table = newTable();
    String ok = "n".repeat(255);

    table.createEntity(new TableEntity("p", "ok").addProperty(ok, 1));
    assertThat(table.getEntity("p", "ok").getProperty(ok)).isEqualTo(1);

    assertServiceError(
        400,
        "PropertyNameTooLong",
        () -> table.createEntity(new TableEntity("p", "long").addProperty("n".repeat(256), 1)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"1abc", "a-b", "a b", "a\u0001b"})
  void propertyName_invalid_returns400PropertyNameInvalid(String name) {
    TableClient table = newTable();

    assertServiceError(
        400,
        "PropertyNameInvalid",
        () -> table.createEntity(new TableEntity("p", "r").addProperty(name, 1)));
  }

  @Test
  void string_of32768CharactersIsAccepted_32769Return400PropertyValueTooLarge() {
    TableClient table = newTable();
    String max = "s".repeat(32_768);

    table.createEntity(new TableEntity("p", "ok").addProperty("s", max));
    assertThat(table.getEntity("p", "ok").getProperty("s")).isEqualTo(max);

    assertServiceError(
        400,
        "PropertyValueTooLarge",
        () -> table.createEntity(new TableEntity("p", "big").addProperty("s", max + "s")));
  }

  @Test
  void binary_of65536BytesIsAccepted_65537Return400PropertyValueTooLarge() {
    TableClient table = newTable();

    table.createEntity(new TableEntity("p", "ok").addProperty("b", new byte[65_536]));
    assertThat((byte[]) table.getEntity("p", "ok").getProperty("b")).hasSize(65_536);

    assertServiceError(
        400,
        "PropertyValueTooLarge",
        () -> table.createEntity(new TableEntity("p", "big").addProperty("b", new byte[65_537])));
  }

  @Test
  void entity_underOneMebibyte_isAccepted() {
    TableClient table = newTable();

    // 14 strings of 30,000 UTF-16 chars: about 840 KB as the service counts.
    table.createEntity(withStrings("r", 14, 0));

    assertThat(table.getEntity("p", "r").getProperties()).containsKey("s13");
  }

  @Test
  void entity_overOneMebibyte_returns400EntityTooLarge() {
    TableClient table = newTable();

    // 20 strings of 30,000 UTF-16 chars: about 1.2 MB.
    assertServiceError(400, "EntityTooLarge", () -> table.createEntity(withStrings("r", 20, 0)));
    assertServiceError(404, "ResourceNotFound", () -> table.getEntity("p", "r"));
  }

  @Test
  void binaries_areCountedByTheirBytesNotTheirBase64() {
    TableClient table = newTable();
    TableEntity under = new TableEntity("p", "under");
    TableEntity over = new TableEntity("p", "over");
    for (int i = 0; i < 17; i++) {
      over.addProperty("b" + i, new byte[65_536]);
      if (i < 15) {
        under.addProperty("b" + i, new byte[65_536]);
      }
    }

    // 15 x 64 KiB = 960 KiB fits (its base64 would not); 17 x 64 KiB = 1,088 KiB does not.
    table.createEntity(under);
    assertThat(table.getEntity("p", "under").getProperties()).containsKey("b14");
    assertServiceError(400, "EntityTooLarge", () -> table.createEntity(over));
  }

  @Test
  void strings_areCountedInUtf16NotUtf8() {
    TableClient table = newTable();
    TableEntity over = new TableEntity("p", "over");
    for (int i = 0; i < 17; i++) {
      over.addProperty("s" + i, "a".repeat(32_768));
    }

    // 17 x 32,768 ASCII chars is 557 KB as UTF-8 but 1,088 KiB as UTF-16, which the service counts.
    assertServiceError(400, "EntityTooLarge", () -> table.createEntity(over));
  }

  @Test
  void merge_thatGrowsAnEntityPastOneMebibyte_returns400EntityTooLargeAndLeavesItUnchanged() {
    TableClient table = newTable();
    table.createEntity(withStrings("r", 14, 0));
    TableEntity before = table.getEntity("p", "r");

    assertServiceError(
        400,
        "EntityTooLarge",
        () -> table.updateEntity(withStrings("r", 6, 14), TableEntityUpdateMode.MERGE));

    TableEntity after = table.getEntity("p", "r");
    assertThat(after.getETag()).isEqualTo(before.getETag());
    assertThat(after.getProperties()).containsKey("s13").doesNotContainKey("s14");
  }

  @Test
  void dateTime_before1601_returns400OutOfRangeInput() {
    TableClient table = newTable();
    OffsetDateTime early = OffsetDateTime.of(1600, 12, 31, 23, 59, 59, 0, ZoneOffset.UTC);

    assertServiceError(
        400,
        "OutOfRangeInput",
        () -> table.createEntity(new TableEntity("p", "r").addProperty("d", early)));
  }

  @Test
  void missingPartitionKey_returns400PropertiesNeedValue() {
    String table = newTable().getTableName();

    assertError(
        raw.post(table).json("{\"RowKey\":\"r\",\"v\":1}").send(), 400, "PropertiesNeedValue");
    assertError(
        raw.post(table).json("{\"PartitionKey\":\"p\",\"v\":1}").send(),
        400,
        "PropertiesNeedValue");
    assertError(
        raw.post(table).json("{\"PartitionKey\":null,\"RowKey\":\"r\"}").send(),
        400,
        "PropertiesNeedValue");
  }

  @Test
  void doubleOverflow_returns400InvalidInput() {
    String table = newTable().getTableName();

    RawResponse response =
        raw.post(table)
            .json(
                "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"d\":\"1.797693134862316e308\",\"d@odata.type\":\"Edm.Double\"}")
            .send();

    assertError(response, 400, "InvalidInput");
  }

  @Test
  void int32Overflow_withoutAnnotation_isRejectedOrKeptExactly() {
    String table = newTable().getTableName();

    RawResponse response =
        raw.post(table)
            .json("{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"n\":5454161346626}")
            .send();

    // An integer that does not fit Int32 must never be silently truncated.
    if (response.status() == 201) {
      assertThat(response.json().path("n").asLong()).isEqualTo(5_454_161_346_626L);
    } else {
      assertThat(response.status()).isEqualTo(400);
    }
  }

  @Test
  void rejectedWrites_neverPartiallyApply() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r").addProperty("a", 1));
    TableEntity bad = new TableEntity("p", "r").addProperty("a", 2).addProperty("bad-name", 3);

    assertThatCode(() -> table.updateEntity(bad, TableEntityUpdateMode.MERGE))
        .isInstanceOf(TableServiceException.class);
    assertThat(table.getEntity("p", "r").getProperty("a")).isEqualTo(1);
  }

  private static TableEntity withProperties(String rowKey, int count) {
    TableEntity entity = new TableEntity("p", rowKey);
    for (int i = 0; i < count; i++) {
      entity.addProperty("prop" + i, i);
    }
    return entity;
  }

  private static TableEntity withStrings(String rowKey, int count, int firstIndex) {
    TableEntity entity = new TableEntity("p", rowKey);
    for (int i = firstIndex; i < firstIndex + count; i++) {
      entity.addProperty("s" + i, "x".repeat(30_000));
    }
    return entity;
  }
}
