package dev.tabula.tools.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonLinesReaderTest {

  @Test
  void unreadableLines_comeBackWithTheirNumbers_andTheRestIsRead() throws IOException {
    String jsonl =
        String.join(
            "\n",
            "{\"PartitionKey\":\"p\",\"RowKey\":\"1\"}", // 1
            "", // 2: blank
            "{\"PartitionKey\":\"p\"}", // 3: no RowKey
            "not json", // 4
            "{\"PartitionKey\":\"p\",\"RowKey\":\"2\",\"n@odata.type\":\"Edm.Int64\",\"n\":\"5\"}",
            "{\"PartitionKey\":\"p\",\"RowKey\":\"3\"} {}", // 6: two values
            "{\"PartitionKey\":\"p\",\"RowKey\":\"4\",\"x\":[1]}"); // 7
    List<NumberedEntity> rows = new ArrayList<>();
    try (JsonLinesReader reader =
        new JsonLinesReader(new ByteArrayInputStream(jsonl.getBytes(StandardCharsets.UTF_8)))) {
      for (NumberedEntity row = reader.next(); row != null; row = reader.next()) {
        rows.add(row);
      }
    }

    assertThat(rows).extracting(NumberedEntity::line).containsExactly(1L, 3L, 4L, 5L, 6L, 7L);
    assertThat(rows)
        .extracting(row -> row.error() == null)
        .containsExactly(true, false, false, true, false, false);
    assertThat(rows.get(1).error()).isEqualTo("the entity has no RowKey");
    assertThat(rows.get(2).error()).startsWith("not JSON: ");
    assertThat(rows.get(3).entity().values().properties().get(0).text()).isEqualTo("5");
  }

  /**
   * Lines that cross the reader's 64 KiB blocks, CRLF ends, a last line without a newline, and a
   * line over the limit that is reported and skipped while the next one is read, all counted.
   */
  @Test
  void linesAcrossBlocks_andATooLongOne_keepTheirNumbersAndBytes() throws IOException {
    StringBuilder jsonl = new StringBuilder();
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      String text = "x".repeat(7_001 * i % 50_000);
      texts.add(text);
      jsonl.append("{\"PartitionKey\":\"p\",\"RowKey\":\"").append(i).append("\",\"s\":\"");
      jsonl.append(text).append("\"}").append(i % 2 == 0 ? "\r\n" : "\n");
    }
    jsonl.append("{\"s\":\"").append("y".repeat(JsonLinesReader.MAX_LINE_BYTES)).append("\"}\n");
    jsonl.append("{\"PartitionKey\":\"p\",\"RowKey\":\"last\"}");
    byte[] bytes = jsonl.toString().getBytes(StandardCharsets.UTF_8);
    List<NumberedEntity> rows = new ArrayList<>();
    long consumed;
    try (JsonLinesReader reader = new JsonLinesReader(new ByteArrayInputStream(bytes))) {
      for (NumberedEntity row = reader.next(); row != null; row = reader.next()) {
        rows.add(row);
      }
      consumed = reader.bytesRead();
    }

    assertThat(rows).hasSize(42);
    for (int i = 0; i < 40; i++) {
      assertThat(rows.get(i).line()).isEqualTo(i + 1L);
      assertThat(rows.get(i).entity().values().properties().get(0).text()).isEqualTo(texts.get(i));
    }
    assertThat(rows.get(40).line()).isEqualTo(41L);
    assertThat(rows.get(40).error()).contains("longer than");
    assertThat(rows.get(41).entity().rowKey()).isEqualTo("last");
    assertThat(rows.get(41).line()).isEqualTo(42L);
    assertThat(consumed).isEqualTo(bytes.length);
  }
}
