package dev.tabula.engine.codec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.EntityKey;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class Wtf8Properties {

  @Property
  void decode_returnsWhatWasEncoded(@ForAll("texts") String text) {
    assertThat(Wtf8.decode(Wtf8.encode(text))).isEqualTo(text);
  }

  @Property
  void byteOrder_equalsCodePointOrder(@ForAll("texts") String a, @ForAll("texts") String b) {
    int bytes = Arrays.compareUnsigned(Wtf8.encode(a), Wtf8.encode(b));

    assertThat(Integer.signum(bytes)).isEqualTo(Integer.signum(EntityKey.KEY_ORDER.compare(a, b)));
  }

  @Property
  void wellFormedText_encodesAsUtf8(@ForAll("texts") String text) {
    String wellFormed = new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);

    assertThat(Wtf8.encode(wellFormed)).isEqualTo(wellFormed.getBytes(StandardCharsets.UTF_8));
  }

  @Example
  void unpairedSurrogates_stayDistinct() {
    assertThat(Wtf8.encode("\uD800")).isNotEqualTo(Wtf8.encode("\uDC00"));
    assertThat(Wtf8.encode("\uD800")).containsExactly(0xED, 0xA0, 0x80);
    assertThat(Wtf8.decode(Wtf8.encode("x\uDBFF"))).isEqualTo("x\uDBFF");
  }

  @Provide
  Arbitrary<String> texts() {
    Arbitrary<Character> interesting =
        Arbitraries.of(
            'a', 'b', '\u00e9', '\uD7FF', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uE000',
            '\uFFFD', '\uFFFF');
    Arbitrary<String> small = interesting.list().ofMaxSize(6).map(Wtf8Properties::join);
    Arbitrary<String> any = Arbitraries.strings().all().ofMaxLength(12);
    return Arbitraries.oneOf(small, any);
  }

  private static String join(java.util.List<Character> chars) {
    StringBuilder out = new StringBuilder();
    chars.forEach(out::append);
    return out.toString();
  }
}
