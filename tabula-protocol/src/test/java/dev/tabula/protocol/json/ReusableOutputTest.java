package dev.tabula.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ReusableOutputTest {

  @Test
  void aReusedBuffer_holdsOnlyTheNextDocument() {
    byte[] big = new byte[100_000];
    Arrays.fill(big, (byte) 'x');
    ReusableOutput first = ReusableOutput.take();
    first.write(big, 0, big.length);
    assertThat(first.toByteArray()).isEqualTo(big);
    first.giveBack();

    for (int i = 0; i < ReusableOutput.POOLED + 1; i++) {
      ReusableOutput next = ReusableOutput.take();
      next.write('{');
      next.write("\"a\":1}".getBytes(StandardCharsets.US_ASCII), 0, 6);
      assertThat(new String(next.toByteArray(), StandardCharsets.US_ASCII)).isEqualTo("{\"a\":1}");
      next.giveBack();
    }
  }

  @Test
  void documentsWrittenOneInsideAnother_stayApart() {
    byte[] outer =
        JsonCodec.write(
            out -> {
              out.writeStartObject();
              out.writeStringField(
                  "inner",
                  new String(
                      JsonCodec.write(in -> in.writeString("nested")), StandardCharsets.UTF_8));
              out.writeEndObject();
            });

    assertThat(new String(outer, StandardCharsets.UTF_8))
        .isEqualTo("{\"inner\":\"\\\"nested\\\"\"}");
  }
}
