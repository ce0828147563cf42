package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.azure.storage.table.CloudTable;
import com.microsoft.azure.storage.table.CloudTableClient;
import com.microsoft.azure.storage.table.DynamicTableEntity;
import com.microsoft.azure.storage.table.EdmType;
import com.microsoft.azure.storage.table.EntityProperty;
import com.microsoft.azure.storage.table.TableOperation;
import com.microsoft.azure.storage.table.TablePayloadFormat;
import com.microsoft.azure.storage.table.TableQuery;
import dev.tabula.conformance.support.LegacyClients;
import dev.tabula.conformance.support.LegacyCustomer;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every Edm type through the legacy Java client, as a {@code DynamicTableEntity} and as a POJO
 * ({@code TableServiceEntity}), in the library's three JSON payload formats. The library writes
 * Int64, DateTime, Guid and Binary with their {@code @odata.type} and reads back what the service
 * annotates, so a round trip keeps each type only if the server's payloads are the service's.
 */
@OnEveryEngine
class LegacyEntityTypesContract extends LegacyClientBase {
  private static final long INT64 = 1L << 40;
  // The library writes java.util.Date, so milliseconds are the finest precision it round-trips.
  private static final Date WHEN = new Date(1_600_000_000_123L);
  private static final UUID GUID = UUID.fromString("0f8fad5b-d9cb-469f-a165-70867728950e");
  private static final byte[] BYTES = {0, 1, 2, (byte) 0xff};

  private static DynamicTableEntity everyType(String rowKey) {
    DynamicTableEntity e = new DynamicTableEntity("p", rowKey);
    Map<String, EntityProperty> p = e.getProperties();
    p.put("S", new EntityProperty("text"));
    p.put("I", new EntityProperty(42));
    p.put("L", new EntityProperty(INT64));
    p.put("D", new EntityProperty(1.5));
    p.put("W", new EntityProperty(4.0));
    p.put("B", new EntityProperty(true));
    p.put("T", new EntityProperty(WHEN));
    p.put("G", new EntityProperty(GUID));
    p.put("X", new EntityProperty(BYTES));
    return e;
  }

  private static LegacyCustomer customer(String rowKey) {
    LegacyCustomer c = new LegacyCustomer("p", rowKey);
    c.setName("Ada");
    c.setVisits(7);
    c.setTotal(INT64);
    c.setRating(4.0);
    c.setActive(true);
    c.setSince(WHEN);
    c.setId(GUID);
    c.setPhoto(BYTES);
    return c;
  }

  private static void assertSameCustomer(LegacyCustomer read) {
    assertThat(read.getName()).isEqualTo("Ada");
    assertThat(read.getVisits()).isEqualTo(7);
    assertThat(read.getTotal()).isEqualTo(INT64);
    assertThat(read.getRating()).isEqualTo(4.0);
    assertThat(read.getActive()).isTrue();
    assertThat(read.getSince()).isEqualTo(WHEN);
    assertThat(read.getId()).isEqualTo(GUID);
    assertThat(read.getPhoto()).containsExactly(BYTES);
    assertThat(read.getEtag()).startsWith("W/\"datetime'");
    assertThat(read.getTimestamp()).isNotNull();
  }

  @Test
  void dynamicEntity_everyEdmType_roundTripsWithItsType() throws Exception {
    CloudTable table = newLegacyTable();
    table.execute(TableOperation.insert(everyType("r")));

    DynamicTableEntity read =
        table
            .execute(TableOperation.retrieve("p", "r", DynamicTableEntity.class))
            .getResultAsType();

    Map<String, EntityProperty> p = read.getProperties();
    assertThat(p.get("S").getValueAsString()).isEqualTo("text");
    assertThat(p.get("I").getEdmType()).isEqualTo(EdmType.INT32);
    assertThat(p.get("I").getValueAsInteger()).isEqualTo(42);
    assertThat(p.get("L").getEdmType()).isEqualTo(EdmType.INT64);
    assertThat(p.get("L").getValueAsLong()).isEqualTo(INT64);
    assertThat(p.get("D").getEdmType()).isEqualTo(EdmType.DOUBLE);
    assertThat(p.get("D").getValueAsDouble()).isEqualTo(1.5);
    assertThat(p.get("W").getEdmType()).isEqualTo(EdmType.DOUBLE);
    assertThat(p.get("W").getValueAsDouble()).isEqualTo(4.0);
    assertThat(p.get("B").getValueAsBoolean()).isTrue();
    assertThat(p.get("T").getEdmType()).isEqualTo(EdmType.DATE_TIME);
    assertThat(p.get("T").getValueAsDate()).isEqualTo(WHEN);
    assertThat(p.get("G").getEdmType()).isEqualTo(EdmType.GUID);
    assertThat(p.get("G").getValueAsUUID()).isEqualTo(GUID);
    assertThat(p.get("X").getEdmType()).isEqualTo(EdmType.BINARY);
    assertThat(p.get("X").getValueAsByteArray()).containsExactly(BYTES);
  }

  @Test
  void pojoEntity_everyMappedType_roundTrips() throws Exception {
    CloudTable table = newLegacyTable();
    table.execute(TableOperation.insert(customer("r")));

    LegacyCustomer read =
        table.execute(TableOperation.retrieve("p", "r", LegacyCustomer.class)).getResultAsType();

    assertSameCustomer(read);
  }

  /**
   * The library's other formats: with no metadata the service sends no types, and the library takes
   * them from the POJO's getters; with full metadata it reads every annotation.
   */
  @ParameterizedTest
  @EnumSource(
      value = TablePayloadFormat.class,
      names = {"JsonNoMetadata", "JsonFullMetadata"})
  void otherPayloadFormats_insertRetrieveAndQuery(TablePayloadFormat format) throws Exception {
    CloudTableClient client = legacy(format);
    CloudTable table = LegacyClients.table(client, newLegacyTable().getName());
    table.execute(TableOperation.insert(customer("a")));
    table.execute(TableOperation.insert(customer("b"), true));

    assertSameCustomer(
        table.execute(TableOperation.retrieve("p", "a", LegacyCustomer.class)).getResultAsType());
    List<LegacyCustomer> all = new ArrayList<>();
    table.execute(TableQuery.from(LegacyCustomer.class)).forEach(all::add);
    assertThat(all).extracting(LegacyCustomer::getRowKey).containsExactly("a", "b");
    all.forEach(LegacyEntityTypesContract::assertSameCustomer);
  }

  @Test
  void fullMetadata_dynamicEntity_keepsEveryType() throws Exception {
    CloudTable table =
        LegacyClients.table(
            legacy(TablePayloadFormat.JsonFullMetadata), newLegacyTable().getName());
    table.execute(TableOperation.insert(everyType("r")));

    DynamicTableEntity read =
        table
            .execute(TableOperation.retrieve("p", "r", DynamicTableEntity.class))
            .getResultAsType();

    Map<String, EntityProperty> p = read.getProperties();
    assertThat(p.get("L").getEdmType()).isEqualTo(EdmType.INT64);
    assertThat(p.get("W").getEdmType()).isEqualTo(EdmType.DOUBLE);
    assertThat(p.get("T").getValueAsDate()).isEqualTo(WHEN);
    assertThat(p.get("G").getValueAsUUID()).isEqualTo(GUID);
    assertThat(p.get("X").getValueAsByteArray()).containsExactly(BYTES);
  }

  /**
   * Values at the edges of their types: the library writes NaN and the infinities as the strings
   * "NaN", "Infinity" and "-Infinity" with Edm.Double (the OData JSON form), Int64 as a string, and
   * a string with control characters and a surrogate pair JSON-escaped.
   */
  @ParameterizedTest
  @EnumSource(
      value = TablePayloadFormat.class,
      names = {"Json", "JsonFullMetadata"})
  void edgeValues_roundTrip(TablePayloadFormat format) throws Exception {
    CloudTable table = LegacyClients.table(legacy(format), newLegacyTable().getName());
    DynamicTableEntity e = new DynamicTableEntity("p", "r");
    Map<String, EntityProperty> p = e.getProperties();
    p.put("nan", new EntityProperty(Double.NaN));
    p.put("inf", new EntityProperty(Double.POSITIVE_INFINITY));
    p.put("ninf", new EntityProperty(Double.NEGATIVE_INFINITY));
    p.put("min", new EntityProperty(Long.MIN_VALUE));
    p.put("old", new EntityProperty(new Date(-11_000_000_000_000L)));
    p.put("text", new EntityProperty("\u0001tab\there\u00e9\ud83d\ude00\"\\"));
    p.put("empty", new EntityProperty(new byte[0]));
    table.execute(TableOperation.insert(e));

    Map<String, EntityProperty> read =
        table
            .execute(TableOperation.retrieve("p", "r", DynamicTableEntity.class))
            .<DynamicTableEntity>getResultAsType()
            .getProperties();

    assertThat(read.get("nan").getValueAsDouble()).isNaN();
    assertThat(read.get("inf").getValueAsDouble()).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(read.get("ninf").getValueAsDouble()).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(read.get("min").getValueAsLong()).isEqualTo(Long.MIN_VALUE);
    assertThat(read.get("old").getValueAsDate()).isEqualTo(new Date(-11_000_000_000_000L));
    assertThat(read.get("text").getValueAsString())
        .isEqualTo("\u0001tab\there\u00e9\ud83d\ude00\"\\");
    assertThat(read.get("empty").getEdmType()).isEqualTo(EdmType.BINARY);
    assertThat(read.get("empty").getValueAsByteArray()).isEmpty();
  }
}
