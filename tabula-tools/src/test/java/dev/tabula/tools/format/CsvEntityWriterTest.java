package dev.tabula.tools.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.tools.entity.EdmType;
import dev.tabula.tools.entity.TransferEntity;
import dev.tabula.tools.entity.TypedProperty;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CsvEntityWriterTest {

  @Test
  void header_thenOneRowPerEntity_withATypeCellBesideEachValue() throws IOException {
    String csv =
        write(
            List.of(
                new TransferEntity(
                    "p",
                    "a,b",
                    "2024-01-02T03:04:05.1234567Z",
                    List.of(
                        new TypedProperty("Age", EdmType.INT32, "42"),
                        new TypedProperty("Note", EdmType.STRING, "say \"hi\""))),
                new TransferEntity(
                    "p", "c", null, List.of(new TypedProperty("Big", EdmType.INT64, "-1")))));

    assertThat(csv)
        .isEqualTo(
            "PartitionKey,RowKey,Timestamp,Age,Age@type,Note,Note@type,Big,Big@type\r\n"
                + "p,\"a,b\",2024-01-02T03:04:05.1234567Z,42,Edm.Int32,\"say \"\"hi\"\"\","
                + "Edm.String,,\r\n"
                + "p,c,,,,,,-1,Edm.Int64\r\n");
  }

  @Test
  void noEntities_isAHeaderAlone() throws IOException {
    assertThat(write(List.of())).isEqualTo("PartitionKey,RowKey,Timestamp\r\n");
  }

  @Test
  void aNewPropertyAfterTheHeader_isRefusedNotDropped() throws IOException {
    List<TransferEntity> entities = new ArrayList<>();
    for (int i = 0; i < CsvEntityWriter.SAMPLE_ENTITIES; i++) {
      entities.add(new TransferEntity("p", "r" + i, null, List.of()));
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CsvEntityWriter writer = new CsvEntityWriter(bytes);
    for (TransferEntity entity : entities) {
      writer.write(entity);
    }
    TransferEntity late =
        new TransferEntity("p", "late", null, List.of(new TypedProperty("x", EdmType.STRING, "v")));

    assertThatThrownBy(() -> writer.write(late))
        .isInstanceOf(CsvColumnsException.class)
        .hasMessageStartingWith(
            "entity (PartitionKey 'p', RowKey 'late') has a property 'x' that none of the first"
                + " 1,000 entities had");
  }

  @Test
  void aNewPropertyWithinTheSample_getsItsColumn() throws IOException {
    List<TransferEntity> entities = new ArrayList<>();
    for (int i = 0; i < CsvEntityWriter.SAMPLE_ENTITIES - 1; i++) {
      entities.add(new TransferEntity("p", "r" + i, null, List.of()));
    }
    entities.add(
        new TransferEntity("p", "last", null, List.of(new TypedProperty("x", EdmType.GUID, "g"))));

    assertThat(RoundTripProperties.roundTrip(FileFormat.CSV, entities)).isEqualTo(entities);
  }

  private static String write(List<TransferEntity> entities) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (CsvEntityWriter writer = new CsvEntityWriter(bytes)) {
      for (TransferEntity entity : entities) {
        writer.write(entity);
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
