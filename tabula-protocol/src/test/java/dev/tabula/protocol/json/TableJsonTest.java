package dev.tabula.protocol.json;

import static dev.tabula.protocol.json.MetadataLevel.FULL_METADATA;
import static dev.tabula.protocol.json.MetadataLevel.MINIMAL_METADATA;
import static dev.tabula.protocol.json.MetadataLevel.NO_METADATA;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TableJsonTest {
  private static final String ROOT = "https://myaccount.table.core.windows.net";
  private static final ODataContext CTX = new ODataContext(ROOT, "myaccount", "Tables");

  private static String text(byte[] json) {
    return new String(json, StandardCharsets.UTF_8);
  }

  @Test
  void readTableName_takesTheNameAndIgnoresOtherMembers() {
    byte[] body =
        "{\"odata.type\":\"x\",\"TableName\":\"mytable\",\"extra\":{\"a\":[1,2]}}"
            .getBytes(StandardCharsets.UTF_8);

    assertThat(TableJsonReader.readTableName(body)).isEqualTo("mytable");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "{}",
        "[\"TableName\"]",
        "{\"TableName\":null}",
        "{\"TableName\":5}",
        "{\"TableName\":{\"a\":1}}",
        "{\"tablename\":\"t\"}",
        "{\"TableName\":\"a\",\"TableName\":\"b\"}",
        "{\"TableName\":\"t\"",
        "{\"TableName\":\"t\"}{}"
      })
  void readTableName_refusesWithInvalidInput(String json) {
    assertThatThrownBy(() -> TableJsonReader.readTableName(json.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOfSatisfying(
            TableException.class,
            e -> assertThat(e.code()).isEqualTo(TableErrorCode.INVALID_INPUT));
  }

  @Test
  void writeTable_atEachLevel() {
    assertThat(text(TableJsonWriter.writeTable("mytable", CTX, MINIMAL_METADATA)))
        .isEqualTo(
            "{\"odata.metadata\":\""
                + ROOT
                + "/$metadata#Tables/@Element\","
                + "\"TableName\":\"mytable\"}");
    assertThat(text(TableJsonWriter.writeTable("mytable", CTX, FULL_METADATA)))
        .isEqualTo(
            "{\"odata.metadata\":\""
                + ROOT
                + "/$metadata#Tables/@Element\","
                + "\"odata.type\":\"myaccount.Tables\","
                + "\"odata.id\":\""
                + ROOT
                + "/Tables('mytable')\","
                + "\"odata.editLink\":\"Tables('mytable')\",\"TableName\":\"mytable\"}");
    assertThat(text(TableJsonWriter.writeTable("mytable", CTX, NO_METADATA)))
        .isEqualTo("{\"TableName\":\"mytable\"}");
  }

  @Test
  void writeTables_atEachLevel() {
    List<String> names = List.of("mytable1", "mytable2");

    assertThat(text(TableJsonWriter.writeTables(names, CTX, MINIMAL_METADATA)))
        .isEqualTo(
            "{\"odata.metadata\":\""
                + ROOT
                + "/$metadata#Tables\","
                + "\"value\":[{\"TableName\":\"mytable1\"},{\"TableName\":\"mytable2\"}]}");
    assertThat(text(TableJsonWriter.writeTables(names, CTX, NO_METADATA)))
        .isEqualTo("{\"value\":[{\"TableName\":\"mytable1\"},{\"TableName\":\"mytable2\"}]}");
    assertThat(text(TableJsonWriter.writeTables(List.of("mytable1"), CTX, FULL_METADATA)))
        .isEqualTo(
            "{\"odata.metadata\":\""
                + ROOT
                + "/$metadata#Tables\","
                + "\"value\":[{\"odata.type\":\"myaccount.Tables\","
                + "\"odata.id\":\""
                + ROOT
                + "/Tables('mytable1')\","
                + "\"odata.editLink\":\"Tables('mytable1')\",\"TableName\":\"mytable1\"}]}");
    assertThat(text(TableJsonWriter.writeTables(List.of(), CTX, MINIMAL_METADATA)))
        .isEqualTo("{\"odata.metadata\":\"" + ROOT + "/$metadata#Tables\",\"value\":[]}");
  }

  @Test
  void tableBodiesReadBack() {
    for (MetadataLevel level : MetadataLevel.values()) {
      assertThat(TableJsonReader.readTableName(TableJsonWriter.writeTable("Abc123", CTX, level)))
          .isEqualTo("Abc123");
    }
  }
}
