package dev.tabula.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The entity JSON the load writes, pinned byte for byte so that runs before and after compare. */
class EntityShapeJsonTest {

  @Test
  void json_isTheSameEntityAsEver() {
    EntityShape shape = new EntityShape(1, 1, 600, 12);

    String json = new String(shape.json("p007", "000000000042", 3725), StandardCharsets.UTF_8);

    String typed =
        "{\"PartitionKey\":\"p007\",\"RowKey\":\"000000000042\",\"Color\":\"Red\",\"Price\":172.75,"
            + "\"Quantity\":725,\"Sku@odata.type\":\"Edm.Int64\",\"Sku\":\"4000003725\",\"Active\":true,"
            + "\"Created@odata.type\":\"Edm.DateTime\",\"Created\":\"2024-05-01T12:02:05.0000000Z\","
            + "\"Id@odata.type\":\"Edm.Guid\",\"Id\":\"00000000-0000-4000-8000-000000003725\","
            + "\"Name\":\"Product 3725\",\"Category\":\"Category 2\",\"Extra10\":\"extra 3735\","
            + "\"Extra11\":\"extra 3736\",\"Description\":\"";
    assertThat(json).hasSize(600).startsWith(typed).endsWith("\"}");
    String padding = json.substring(typed.length(), json.length() - 2);
    for (int i = 0; i < padding.length(); i++) {
      assertThat(padding.charAt(i)).isEqualTo((char) ('a' + (3725 + i) % 26));
    }
  }

  @Test
  void padding_cyclesTheAlphabet_fromAnyLetter_atAnyLength() {
    int unpadded = new EntityShape(1, 1, 0, 3).json("a", "b", 0).length;
    for (int extra = 0; extra <= 60; extra++) {
      EntityShape shape = new EntityShape(1, 1, unpadded + extra, 3);
      for (long g = 0; g < 30; g++) {
        String json = new String(shape.json("a", "b", g), StandardCharsets.UTF_8);
        String padding = json.substring(json.indexOf("\"Description\":\"") + 15, json.length() - 2);

        int ownUnpadded = new EntityShape(1, 1, 0, 3).json("a", "b", g).length;
        assertThat(json).hasSize(Math.max(ownUnpadded, unpadded + extra));
        for (int i = 0; i < padding.length(); i++) {
          assertThat(padding.charAt(i)).isEqualTo((char) ('a' + (g + i) % 26));
        }
      }
    }
  }
}
