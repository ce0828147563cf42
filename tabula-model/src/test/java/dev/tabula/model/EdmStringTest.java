package dev.tabula.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.EdmValue.EdmString;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class EdmStringTest {
  private static final String TEXT = "Vegetables \u0000\u007f \"quoted\" ? caf\u00e9 \ud83d\ude00";

  @Test
  void aStoredString_equalsTheSameText() {
    EdmString stored = EdmString.ofEncoded(utf8(TEXT), EdmStringTest::decode);

    assertThat(stored.value()).isEqualTo(TEXT);
    assertThat(stored).isEqualTo(new EdmString(TEXT)).hasSameHashCodeAs(new EdmString(TEXT));
    assertThat(new EdmString(TEXT)).isEqualTo(stored);
    assertThat(stored).isNotEqualTo(new EdmString(TEXT + "!"));
    assertThat(stored.toString()).isEqualTo(new EdmString(TEXT).toString());
  }

  @Test
  void aStoredString_keepsItsBytes_andDecodesOnce() {
    AtomicInteger decodes = new AtomicInteger();
    byte[] bytes = utf8(TEXT);
    EdmString stored =
        EdmString.ofEncoded(
            bytes,
            b -> {
              decodes.incrementAndGet();
              return decode(b);
            });

    assertThat(stored.readOnlyEncodedOrNull()).isSameAs(bytes);
    assertThat(decodes).hasValue(0);
    stored.value();
    stored.value();
    assertThat(decodes).hasValue(1);
  }

  @Test
  void aStringMadeFromText_hasNoStoredBytes() {
    assertThat(new EdmString("plain").readOnlyEncodedOrNull()).isNull();
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static String decode(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
