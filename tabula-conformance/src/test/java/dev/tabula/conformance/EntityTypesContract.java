package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import dev.tabula.conformance.support.RawResponse;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The eight Edm types through the SDK: values and Java types survive a round trip exactly. */
@OnEveryEngine
class EntityTypesContract extends ConformanceBase {
  /** The service's ETag: a weak datetime tag whose colons are percent-encoded. */
  static final Pattern ETAG =
      Pattern.compile(
          "W/\"datetime'(\\d{4}-\\d{2}-\\d{2}T\\d{2}%3A\\d{2}%3A\\d{2}(\\.\\d{1,7})?Z)'\"");

  static final OffsetDateTime PRECISE =
      OffsetDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_700, ZoneOffset.UTC);
  static final UUID GUID = UUID.fromString("0f8fad5b-d9cb-469f-a165-70867728950e");

  @Test
  void roundTrip_allEightEdmTypes_keepValuesAndJavaTypes() {
    TableClient table = newTable();
    byte[] bytes = {0, 1, 2, 127, (byte) 0x80, (byte) 0xff};
    table.createEntity(
        new TableEntity("p", "r")
            .addProperty("str", "héllo wörld 日本 😀 𝄞")
            .addProperty("bin", bytes)
            .addProperty("boolTrue", true)
            .addProperty("boolFalse", false)
            .addProperty("dt", PRECISE)
            .addProperty("dbl", 2.5)
            .addProperty("i32", 42)
            .addProperty("i64", 9_007_199_254_740_993L)
            .addProperty("guid", GUID));

    Map<String, Object> p = table.getEntity("p", "r").getProperties();

    assertThat(p.get("str")).isInstanceOf(String.class).isEqualTo("héllo wörld 日本 😀 𝄞");
    assertThat(p.get("bin")).isInstanceOf(byte[].class);
    assertThat((byte[]) p.get("bin")).containsExactly(bytes);
    assertThat(p.get("boolTrue")).isEqualTo(Boolean.TRUE);
    assertThat(p.get("boolFalse")).isEqualTo(Boolean.FALSE);
    assertThat(p.get("dt")).isInstanceOf(OffsetDateTime.class).isEqualTo(PRECISE);
    assertThat(p.get("dbl")).isInstanceOf(Double.class).isEqualTo(2.5);
    assertThat(p.get("i32")).isInstanceOf(Integer.class).isEqualTo(42);
    assertThat(p.get("i64")).isInstanceOf(Long.class).isEqualTo(9_007_199_254_740_993L);
    assertThat(p.get("guid")).isInstanceOf(UUID.class).isEqualTo(GUID);
  }

  @Test
  void roundTrip_emptyStringAndEmptyBinary_areKept() {
    TableClient table = newTable();
    table.createEntity(
        new TableEntity("p", "r").addProperty("empty", "").addProperty("noBytes", new byte[0]));

    Map<String, Object> p = table.getEntity("p", "r").getProperties();

    assertThat(p.get("empty")).isEqualTo("");
    assertThat(p.get("noBytes")).isInstanceOf(byte[].class);
    assertThat((byte[]) p.get("noBytes")).isEmpty();
  }

  @Test
  void roundTrip_integerExtremes_keepExactValues() {
    TableClient table = newTable();
    table.createEntity(
        new TableEntity("p", "r")
            .addProperty("i32min", Integer.MIN_VALUE)
            .addProperty("i32max", Integer.MAX_VALUE)
            .addProperty("i64min", Long.MIN_VALUE)
            .addProperty("i64max", Long.MAX_VALUE)
            .addProperty("i64small", 1L));

    Map<String, Object> p = table.getEntity("p", "r").getProperties();

    assertThat(p.get("i32min")).isInstanceOf(Integer.class).isEqualTo(Integer.MIN_VALUE);
    assertThat(p.get("i32max")).isInstanceOf(Integer.class).isEqualTo(Integer.MAX_VALUE);
    assertThat(p.get("i64min")).isInstanceOf(Long.class).isEqualTo(Long.MIN_VALUE);
    assertThat(p.get("i64max")).isInstanceOf(Long.class).isEqualTo(Long.MAX_VALUE);
    // A small Int64 must stay an Int64, not collapse into an Int32.
    assertThat(p.get("i64small")).isInstanceOf(Long.class).isEqualTo(1L);
  }

  @Test
  void roundTrip_doubles_keepValueAndStayDoubles() {
    TableClient table = newTable();
    table.createEntity(
        new TableEntity("p", "r")
            .addProperty("whole", 1.0)
            .addProperty("huge", 1e300)
            .addProperty("tiny", 4.9e-324)
            .addProperty("negative", -123.456)
            .addProperty("max", Double.MAX_VALUE));

    Map<String, Object> p = table.getEntity("p", "r").getProperties();

    // A whole-valued double must not come back as the Int32 1.
    assertThat(p.get("whole")).isInstanceOf(Double.class).isEqualTo(1.0);
    assertThat(p.get("huge")).isInstanceOf(Double.class).isEqualTo(1e300);
    assertThat(p.get("tiny")).isInstanceOf(Double.class).isEqualTo(4.9e-324);
    assertThat(p.get("negative")).isInstanceOf(Double.class).isEqualTo(-123.456);
    assertThat(p.get("max")).isInstanceOf(Double.class).isEqualTo(Double.MAX_VALUE);
  }

  @Test
  void roundTrip_nanAndInfinities_keepValuesAsDoubles() {
    TableClient table = newTable();
    // The Java SDK does not annotate doubles and writes NaN/Infinity as JSON strings, so an
    // application that stores them adds the Edm.Double annotation itself (the wire form the
    // service documents for these values).
    table.createEntity(
        new TableEntity("p", "r")
            .addProperty("nan", Double.NaN)
            .addProperty("nan@odata.type", "Edm.Double")
            .addProperty("posInf", Double.POSITIVE_INFINITY)
            .addProperty("posInf@odata.type", "Edm.Double")
            .addProperty("negInf", Double.NEGATIVE_INFINITY)
            .addProperty("negInf@odata.type", "Edm.Double"));

    Map<String, Object> p = table.getEntity("p", "r").getProperties();

    assertThat(p.get("nan")).isInstanceOf(Double.class);
    assertThat((Double) p.get("nan")).isNaN();
    assertThat(p.get("posInf")).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(p.get("negInf")).isEqualTo(Double.NEGATIVE_INFINITY);
  }

  @Test
  void roundTrip_dateTimeRangeEnds_keepTheirValues() {
    TableClient table = newTable();
    OffsetDateTime first = OffsetDateTime.of(1601, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);
    OffsetDateTime last = OffsetDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_900, ZoneOffset.UTC);
    OffsetDateTime whole = OffsetDateTime.of(2020, 9, 17, 0, 0, 0, 0, ZoneOffset.UTC);
    table.createEntity(
        new TableEntity("p", "r")
            .addProperty("first", first)
            .addProperty("last", last)
            .addProperty("whole", whole));

    Map<String, Object> p = table.getEntity("p", "r").getProperties();

    assertThat(p.get("first")).isEqualTo(first);
    assertThat(p.get("last")).isEqualTo(last);
    assertThat(p.get("whole")).isEqualTo(whole);
  }

  @Test
  void wire_dateTimeWithSevenFractionalDigits_isRenderedExactly() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r").addProperty("dt", PRECISE));

    RawResponse response = raw.get(table.getTableName() + "(PartitionKey='p',RowKey='r')").send();

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    assertThat(response.json().path("dt").asText()).isEqualTo("2024-01-02T03:04:05.1234567Z");
    assertThat(response.json().path("dt@odata.type").asText()).isEqualTo("Edm.DateTime");
  }

  @Test
  void getEntity_hasServerTimestampAndWeakDatetimeEtagDerivedFromIt() {
    TableClient table = newTable();
    OffsetDateTime before = OffsetDateTime.now(ZoneOffset.UTC);
    table.createEntity(new TableEntity("p", "r").addProperty("v", 1));

    TableEntity read = table.getEntity("p", "r");

    assertThat(read.getTimestamp()).isNotNull();
    assertThat(Duration.between(before, read.getTimestamp()).abs())
        .isLessThan(Duration.ofMinutes(5));
    assertThat(read.getETag()).matches(ETAG);
    assertThat(etagTime(read.getETag())).isEqualTo(read.getTimestamp().toInstant());
  }

  @Test
  void timestamp_sentByTheClient_isIgnored() {
    TableClient table = newTable();
    RawResponse insert =
        raw.post(table.getTableName())
            .json(
                "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"Timestamp\":\"2000-01-01T00:00:00Z\","
                    + "\"Timestamp@odata.type\":\"Edm.DateTime\"}")
            .send();
    assertThat(insert.status()).as(insert.toString()).isEqualTo(201);

    TableEntity read = table.getEntity("p", "r");

    assertThat(read.getTimestamp().getYear()).isGreaterThan(2020);
  }

  /** The instant inside an ETag: the Timestamp the service based it on. */
  static java.time.Instant etagTime(String etag) {
    Matcher m = ETAG.matcher(etag);
    assertThat(m.matches()).as("etag %s", etag).isTrue();
    return OffsetDateTime.parse(URLDecoder.decode(m.group(1), StandardCharsets.UTF_8)).toInstant();
  }
}
