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
    assertThat(rows.get(3).entity().properties().get(0).text()).isEqualTo("5");
  }
}
