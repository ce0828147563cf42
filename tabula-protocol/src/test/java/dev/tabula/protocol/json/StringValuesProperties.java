package dev.tabula.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.tabula.engine.codec.Wtf8;
import dev.tabula.model.EdmValue.EdmString;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * {@link StringValues} writes exactly what Jackson's {@code writeString} writes: for stored strings
 * of every length and character, and for texts long enough to take the encoded path, plain ASCII
 * with now and then one character that must not go raw (quotes, backslashes, control characters,
 * DEL, {@code ?}, Latin-1, other BMP characters, surrogate pairs, lone surrogates) at any position,
 * so the eight-byte steps and the tail both see each of them.
 */
class StringValuesProperties {
  private static final JsonFactory JSON = new JsonFactory();
  private static final String SPECIALS =
      "\"\\\u0000\u0001\u001f\u007f?\u00e9\u00ff\u0100\u20ac\ud83d\ude00\ud800\udc00";

  @Property(tries = 3000)
  void writesWhatJacksonWrites(@ForAll("longTexts") String text) {
    assertThat(written(out -> StringValues.write(out, text)))
        .isEqualTo(written(out -> out.writeString(text)));
  }

  @Property(tries = 3000)
  void storedStrings_writeWhatJacksonWrites(@ForAll("storedTexts") String text) {
    // WTF-8, as the engines store strings: a lone surrogate has bytes of its own.
    EdmString stored = EdmString.ofEncoded(Wtf8.encode(text), Wtf8::decode);
    assertThat(written(out -> StringValues.write(out, stored)))
        .isEqualTo(written(out -> out.writeString(text)));
  }

  @Property(tries = 2000)
  void plainAscii_exactlyWhenNoByteNeedsCare(
      @ForAll("asciiBytes") byte[] bytes, @ForAll boolean questionMarks) {
    boolean expected = true;
    for (byte b : bytes) {
      expected &= b >= 0x20 && b != '"' && b != '\\' && (questionMarks || b != '?');
    }
    assertThat(StringValues.isPlainAscii(bytes, questionMarks)).isEqualTo(expected);
  }

  @Example
  void longPlainText_goesRaw_andMatchesJackson() {
    String text =
        "Vegetables and fruit, 100% fresh: {tomatoes} [cucumbers] <leeks> & DEL\u007f ".repeat(3);
    assertThat(StringValues.isPlainAscii(text.getBytes(StandardCharsets.UTF_8), false)).isTrue();
    assertThat(written(out -> StringValues.write(out, text)))
        .isEqualTo(written(out -> out.writeString(text)));
  }

  @Provide
  Arbitrary<String> longTexts() {
    Arbitrary<String> plain =
        Arbitraries.strings()
            .withCharRange(' ', '~')
            .ofMinLength(StringValues.MIN_ENCODED_LENGTH)
            .ofMaxLength(400);
    Arbitrary<Integer> position = Arbitraries.integers().between(0, 399);
    Arbitrary<Character> special = Arbitraries.of(SPECIALS.toCharArray()).map(c -> c);
    return Arbitraries.oneOf(
        plain,
        plain.flatMap(p -> position.flatMap(i -> special.map(c -> insert(p, i, c)))),
        plain.flatMap(
            p ->
                position.flatMap(
                    i ->
                        special.flatMap(
                            c ->
                                position.flatMap(
                                    j -> special.map(d -> insert(insert(p, i, c), j, d)))))));
  }

  /**
   * Every ASCII character and now and then any other code unit, lone surrogates included, mostly
   * printable ASCII, from short to long.
   */
  @Provide
  Arbitrary<String> storedTexts() {
    Arbitrary<Character> mostlyPrintable =
        Arbitraries.frequencyOf(
            Tuple.of(60, Arbitraries.chars().range(' ', '~')),
            Tuple.of(2, Arbitraries.chars().range('\u0000', '\u007f')),
            Tuple.of(1, Arbitraries.chars().all()));
    return mostlyPrintable
        .list()
        .ofMaxSize(200)
        .map(chars -> chars.stream().map(String::valueOf).reduce("", String::concat));
  }

  @Provide
  Arbitrary<byte[]> asciiBytes() {
    Arbitrary<Byte> mostlyPlain =
        Arbitraries.frequencyOf(
            Tuple.of(40, Arbitraries.bytes().between((byte) 0x20, (byte) 0x7e)),
            Tuple.of(1, Arbitraries.bytes()));
    return mostlyPlain.array(byte[].class).ofMinSize(0).ofMaxSize(70);
  }

  private static String insert(String text, int at, char c) {
    int i = Math.min(at, text.length());
    return text.substring(0, i) + c + text.substring(i);
  }

  /** One JSON array holding what {@code value} writes, or how Jackson refused it. */
  private static byte[] written(Value value) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (JsonGenerator out = JSON.createGenerator(bytes)) {
      out.writeStartArray();
      value.write(out);
      out.writeEndArray();
    } catch (IOException e) {
      // Jackson refuses some lone surrogates; both ways must refuse them alike.
      return ("refused: " + e.getClass().getName()).getBytes(StandardCharsets.UTF_8);
    }
    return bytes.toByteArray();
  }

  @FunctionalInterface
  private interface Value {
    void write(JsonGenerator out) throws IOException;
  }
}
