package dev.tabula.conformance.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import dev.tabula.tools.entity.EdmType;
import dev.tabula.tools.entity.TransferEntity;
import dev.tabula.tools.entity.TypedProperty;
import dev.tabula.tools.format.JsonLinesWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Entities for the transfer tests: every Edm type, keys with quotes, percent signs, spaces and
 * characters outside ASCII (one outside the BMP), partitions of many sizes (1 to several hundred
 * entities); written as JSON Lines and compared, entity by entity and type by type, with what an
 * Azure SDK client reads back.
 */
final class SampleEntities {
  /** Partition sizes, cycled: small, one, more than a transaction, exactly one transaction. */
  private static final int[] PARTITION_SIZES = {37, 1, 250, 100, 7, 101, 3, 420};

  private static final DateTimeFormatter WHEN =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSS'Z'").withZone(ZoneOffset.UTC);

  private SampleEntities() {}

  /** {@code count} entities in partitions of the sizes above, in key order. */
  static List<TransferEntity> generate(int count, String tag) {
    List<TransferEntity> entities = new ArrayList<>(count);
    int partition = 0;
    while (entities.size() < count) {
      int size = PARTITION_SIZES[partition % PARTITION_SIZES.length];
      String pk = String.format("p%04d it's 100%% ü 𝄞 %s", partition, tag);
      for (int i = 0; i < size && entities.size() < count; i++) {
        entities.add(entity(pk, String.format("r%05d 'q' %%20 é", i), entities.size()));
      }
      partition++;
    }
    return entities;
  }

  static TransferEntity entity(String pk, String rk, long n) {
    List<TypedProperty> properties =
        List.of(
            new TypedProperty("Text", EdmType.STRING, "line \"" + n + "\"\nnext ü 𝄞 \\ end"),
            new TypedProperty("Int32", EdmType.INT32, Long.toString(n % 2 == 0 ? n : -n)),
            new TypedProperty("Int64", EdmType.INT64, Long.toString(9_000_000_000_000L + n)),
            new TypedProperty("Double", EdmType.DOUBLE, Double.toString(n + 0.25)),
            new TypedProperty("Bool", EdmType.BOOLEAN, n % 3 == 0 ? "true" : "false"),
            new TypedProperty(
                "When",
                EdmType.DATE_TIME,
                WHEN.format(Instant.parse("2024-02-29T12:34:56.1234567Z").plusSeconds(n))),
            new TypedProperty("Id", EdmType.GUID, new UUID(n, n * 31).toString()),
            new TypedProperty(
                "Bytes",
                EdmType.BINARY,
                Base64.getEncoder().encodeToString(new byte[] {(byte) n, 0, -1, (byte) (n >> 8)})));
    return new TransferEntity(pk, rk, null, properties);
  }

  /** Writes entities as JSON Lines. */
  static Path write(Path file, List<TransferEntity> entities) {
    try (OutputStream out = Files.newOutputStream(file);
        JsonLinesWriter writer = new JsonLinesWriter(out)) {
      for (TransferEntity entity : entities) {
        writer.write(entity);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return file;
  }

  /** Every entity of the table, by keys (fails on a key read twice). */
  static Map<String, TableEntity> read(TableClient table) {
    Map<String, TableEntity> byKeys = new HashMap<>();
    for (TableEntity entity : table.listEntities()) {
      TableEntity before = byKeys.put(keys(entity.getPartitionKey(), entity.getRowKey()), entity);
      assertThat(before).as("an entity read twice").isNull();
    }
    return byKeys;
  }

  static String keys(String pk, String rk) {
    return pk + "\u0000" + rk;
  }

  /** The table holds exactly these entities, each with exactly these properties and types. */
  static void assertTableHolds(TableClient table, List<TransferEntity> expected) {
    Map<String, TableEntity> stored = read(table);
    assertThat(stored).hasSize(expected.size());
    for (TransferEntity entity : expected) {
      TableEntity actual = stored.get(keys(entity.partitionKey(), entity.rowKey()));
      assertThat(actual)
          .as("PartitionKey=%s RowKey=%s", entity.partitionKey(), entity.rowKey())
          .isNotNull();
      assertSameProperties(actual, entity);
    }
  }

  static void assertSameProperties(TableEntity actual, TransferEntity expected) {
    Map<String, Object> properties = new HashMap<>(actual.getProperties());
    properties.keySet().removeAll(List.of("PartitionKey", "RowKey", "Timestamp"));
    properties.keySet().removeIf(name -> name.contains("odata."));
    assertThat(properties.keySet())
        .as("properties of %s/%s", expected.partitionKey(), expected.rowKey())
        .containsExactlyInAnyOrderElementsOf(
            expected.properties().stream().map(TypedProperty::name).toList());
    for (TypedProperty property : expected.properties()) {
      assertThat(properties.get(property.name()))
          .as("%s of %s/%s", property.name(), expected.partitionKey(), expected.rowKey())
          .isEqualTo(javaValue(property));
    }
  }

  /** The entity as the SDK writes it. */
  static TableEntity sdkEntity(TransferEntity entity) {
    TableEntity sdk = new TableEntity(entity.partitionKey(), entity.rowKey());
    for (TypedProperty property : entity.properties()) {
      sdk.addProperty(property.name(), javaValue(property));
    }
    return sdk;
  }

  /** The value the SDK gives for a property: its Java type says the Edm type was kept. */
  static Object javaValue(TypedProperty property) {
    String text = property.text();
    return switch (property.type()) {
      case STRING -> text;
      case INT32 -> Integer.parseInt(text);
      case INT64 -> Long.parseLong(text);
      case DOUBLE -> Double.parseDouble(text);
      case BOOLEAN -> Boolean.parseBoolean(text);
      case DATE_TIME -> OffsetDateTime.parse(text);
      case GUID -> UUID.fromString(text);
      case BINARY -> Base64.getDecoder().decode(text);
    };
  }
}
