package dev.tabula.tools.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.tools.entity.TransferEntity;
import dev.tabula.tools.entity.TypedProperty;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Every entity written to a file and read back is the same entity: keys, Timestamp, and each
 * property's name, type and exact text, in JSON Lines and in CSV.
 */
class RoundTripProperties {

  @Property(tries = 300)
  void jsonLines_roundTripsEveryEntity(@ForAll("entities") List<TransferEntity> entities)
      throws IOException {
    assertThat(roundTrip(FileFormat.JSONL, entities)).isEqualTo(entities);
  }

  @Property(tries = 300)
  void csv_roundTripsEveryEntity(@ForAll("entities") List<TransferEntity> entities)
      throws IOException {
    // A CSV row's properties come in the header's column order; the service keeps no order.
    assertThat(sorted(roundTrip(FileFormat.CSV, entities))).isEqualTo(sorted(entities));
  }

  @Provide
  Arbitrary<List<TransferEntity>> entities() {
    return EntityArbitraries.entity().list().ofMaxSize(8);
  }

  /** The entities with their properties in name order. */
  static List<TransferEntity> sorted(List<TransferEntity> entities) {
    return entities.stream()
        .map(
            e ->
                new TransferEntity(
                    e.partitionKey(),
                    e.rowKey(),
                    e.timestamp(),
                    e.properties().stream()
                        .sorted(java.util.Comparator.comparing(TypedProperty::name))
                        .toList()))
        .toList();
  }

  static List<TransferEntity> roundTrip(FileFormat format, List<TransferEntity> entities)
      throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (EntityWriter writer = EntityFiles.writer(format, bytes)) {
      for (TransferEntity entity : entities) {
        writer.write(entity);
      }
    }
    List<TransferEntity> read = new ArrayList<>();
    try (EntityReader reader =
        EntityFiles.reader(format, new ByteArrayInputStream(bytes.toByteArray()))) {
      for (NumberedEntity row = reader.next(); row != null; row = reader.next()) {
        assertThat(row.error()).as("line %d", row.line()).isNull();
        read.add(row.entity().values());
      }
    }
    return read;
  }
}
