package dev.tabula.tools.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.tools.entity.EdmType;
import dev.tabula.tools.entity.TransferEntity;
import dev.tabula.tools.entity.TypedProperty;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CsvEntityReaderTest {

  @Test
  void unreadableRows_comeBackWithTheLineTheyStartOn_andTheRestIsRead() throws IOException {
    String csv =
        String.join(
            "\r\n",
            "PartitionKey,RowKey,Timestamp,n,n@type,s,s@type", // 1
            "p,1,,5,Edm.Int32,,", // 2
            "p,2,,five,Edm.Int32,,", // 3: not an Int32
            "\"multi", // 4: a key over three lines
            "line\",3,,,,\"a", // 5
            "b\",Edm.String", // 6
            "p,4,,1,Edm.Int32", // 7: too few cells
            "", // 8: blank
            "p,5,,1,Edm.Unknown,,", // 9
            "p,6,,,,x,", // 10: a value without a type
            "p,7,,,,,String", // 11: the empty string
            "p,8,,1,Int64,,"); // 12
    List<NumberedEntity> rows = readAll(csv);

    assertThat(rows)
        .extracting(NumberedEntity::line)
        .containsExactly(2L, 3L, 4L, 7L, 9L, 10L, 11L, 12L);
    assertThat(rows.get(0).entity())
        .isEqualTo(entity("p", "1", new TypedProperty("n", EdmType.INT32, "5")));
    assertThat(rows.get(1).error()).isEqualTo("property 'n': 'five' is not a valid Edm.Int32");
    assertThat(rows.get(2).entity())
        .isEqualTo(entity("multi\r\nline", "3", new TypedProperty("s", EdmType.STRING, "a\r\nb")));
    assertThat(rows.get(3).error()).isEqualTo("the row has 5 cells where the header has 7");
    assertThat(rows.get(4).error()).isEqualTo("property 'n' has an unknown type 'Edm.Unknown'");
    assertThat(rows.get(5).error())
        .isEqualTo("property 's' has a value but no type in its @type column");
    assertThat(rows.get(6).entity())
        .isEqualTo(entity("p", "7", new TypedProperty("s", EdmType.STRING, "")));
    assertThat(rows.get(7).entity())
        .isEqualTo(entity("p", "8", new TypedProperty("n", EdmType.INT64, "1")));
  }

  @Test
  void brokenQuoting_isAnUnreadableRow_andReadingGoesOn() throws IOException {
    String csv = "PartitionKey,RowKey\n" + "p,\"1\"x\n" + "p,2\n";
    List<NumberedEntity> rows = readAll(csv);

    assertThat(rows.get(0).line()).isEqualTo(2);
    assertThat(rows.get(0).error()).startsWith("not CSV: ");
    assertThat(rows.get(rows.size() - 1).line()).isEqualTo(3);
    assertThat(rows.get(rows.size() - 1).entity()).isEqualTo(entity("p", "2"));
  }

  @Test
  void storageExplorersLayout_keyTypeColumnsAndBareTypeNamesAndAByteOrderMark() throws IOException {
    String csv =
        "\uFEFFgeo,geo@type,PartitionKey,PartitionKey@type,RowKey,RowKey@type\n"
            + "x,Edm.String,na,Edm.String,1,Edm.Int32\n"
            + "7,Int64,na,Edm.String,2,Edm.Int32\n";
    List<NumberedEntity> rows = readAll(csv);

    assertThat(rows)
        .extracting(NumberedEntity::entity)
        .containsExactly(
            entity("na", "1", new TypedProperty("geo", EdmType.STRING, "x")),
            entity("na", "2", new TypedProperty("geo", EdmType.INT64, "7")));
  }

  @Test
  void untypedColumns_holdStrings() throws IOException {
    List<NumberedEntity> rows = readAll("PartitionKey,RowKey,name\np,1,Ann\np,2,\n");

    assertThat(rows)
        .extracting(NumberedEntity::entity)
        .containsExactly(
            entity("p", "1", new TypedProperty("name", EdmType.STRING, "Ann")), entity("p", "2"));
  }

  @Test
  void aHeaderWithoutKeys_isRefusedNamingLineOne() {
    assertThatThrownBy(() -> readAll("Partition,RowKey\np,1\n"))
        .isInstanceOf(IOException.class)
        .hasMessage("line 1: the header has no PartitionKey column");
    assertThatThrownBy(() -> readAll("PartitionKey,RowKey,x@type\np,1,Edm.Int32\n"))
        .hasMessage("line 1: the header has a type column 'x@type' but no column 'x'");
  }

  @Test
  void numbersThatJsonCannotCarry_areUnreadable() throws IOException {
    List<NumberedEntity> rows =
        readAll(
            "PartitionKey,RowKey,d,d@type\n"
                + "p,1,1.,Edm.Double\n"
                + "p,2,007,Edm.Int32\n"
                + "p,3,2147483648,Edm.Int32\n"
                + "p,4,9223372036854775808,Edm.Int64\n"
                + "p,5,-1.5e-7,Edm.Double\n"
                + "p,6,True,Edm.Boolean\n");

    assertThat(rows)
        .extracting(NumberedEntity::error)
        .containsExactly(
            "property 'd': '1.' is not a valid Edm.Double",
            "property 'd': '007' is not a valid Edm.Int32",
            "property 'd': '2147483648' is not a valid Edm.Int32",
            "property 'd': '9223372036854775808' is not a valid Edm.Int64",
            null,
            null);
    assertThat(rows.get(4).entity().values().properties().get(0).text()).isEqualTo("-1.5e-7");
    assertThat(rows.get(5).entity().values().properties().get(0).text()).isEqualTo("true");
  }

  @Test
  void aRowThatNeverEnds_endsTheReadingWithOneUnreadableRow() throws IOException {
    StringBuilder csv = new StringBuilder("PartitionKey,RowKey\np,1\np,\"");
    csv.append("x".repeat(CsvEntityReader.MAX_ROW_CHARS + 100_000));
    List<NumberedEntity> rows = readAll(csv.toString());

    assertThat(rows).hasSize(2);
    assertThat(rows.get(1).line()).isEqualTo(3);
    assertThat(rows.get(1).error()).contains("an unclosed quote?");
  }

  private static TransferEntity entity(String pk, String rk, TypedProperty... properties) {
    return new TransferEntity(pk, rk, null, List.of(properties));
  }

  static List<NumberedEntity> readAll(String csv) throws IOException {
    List<NumberedEntity> rows = new ArrayList<>();
    try (CsvEntityReader reader =
        new CsvEntityReader(new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8)))) {
      for (NumberedEntity row = reader.next(); row != null; row = reader.next()) {
        rows.add(row);
      }
    }
    return rows;
  }
}
