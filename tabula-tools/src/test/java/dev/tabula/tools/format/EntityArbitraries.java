package dev.tabula.tools.format;

import dev.tabula.tools.entity.EdmType;
import dev.tabula.tools.entity.TransferEntity;
import dev.tabula.tools.entity.TypedProperty;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Entities with every Edm type and the awkward values: keys and strings with quotes, commas,
 * separators, CR and LF, unicode beyond the BMP, the empty string; NaN and the infinities; 7-digit
 * DateTimes; the Int64 extremes; base64 of any bytes.
 */
final class EntityArbitraries {
  private static final List<String> AWKWARD =
      List.of(
          "",
          " ",
          "\"",
          "\"\"",
          ",",
          "a,b",
          "line\nbreak",
          "cr\rlf\r\n",
          "\r\n",
          "'quoted'",
          "%25 %",
          "tab\there",
          "#comment",
          "Edm.String",
          "emoji \uD83D\uDE00 and \u00e9\u4e2d",
          " leading and trailing ");

  private EntityArbitraries() {}

  /** Text of any code points (no lone surrogates, which UTF-8 cannot carry), or an awkward one. */
  static Arbitrary<String> text() {
    Arbitrary<String> any =
        Arbitraries.integers()
            .between(1, 0x10FFFF)
            .filter(cp -> cp < 0xD800 || cp > 0xDFFF)
            .list()
            .ofMaxSize(12)
            .map(
                points -> {
                  StringBuilder text = new StringBuilder();
                  points.forEach(text::appendCodePoint);
                  return text.toString();
                });
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(1, Arbitraries.of(AWKWARD)), net.jqwik.api.Tuple.of(2, any));
  }

  static Arbitrary<TypedProperty> property(String name) {
    return Arbitraries.of(EdmType.values()).flatMap(type -> value(type).map(v -> p(name, type, v)));
  }

  private static TypedProperty p(String name, EdmType type, String text) {
    return new TypedProperty(name, type, text);
  }

  static Arbitrary<String> value(EdmType type) {
    return switch (type) {
      case STRING -> text();
      case INT32 ->
          Arbitraries.integers().edgeCases(c -> c.add(Integer.MIN_VALUE)).map(String::valueOf);
      case INT64 ->
          Arbitraries.longs()
              .edgeCases(c -> c.add(Long.MIN_VALUE, Long.MAX_VALUE))
              .map(String::valueOf);
      case BOOLEAN -> Arbitraries.of("true", "false");
      case DOUBLE ->
          Arbitraries.oneOf(
              Arbitraries.of("NaN", "Infinity", "-Infinity", "0", "-0.0", "1.7976931348623157E308"),
              Arbitraries.doubles().map(d -> Double.toString(d)),
              Arbitraries.doubles().map(d -> String.format(Locale.ROOT, "%.3f", d)));
      case DATE_TIME ->
          Arbitraries.longs()
              .between(0, 253_402_300_799L)
              .flatMap(
                  s ->
                      Arbitraries.integers()
                          .between(0, 9_999_999)
                          .map(
                              f ->
                                  java.time.Instant.ofEpochSecond(s).toString().replace("Z", "")
                                      + String.format(Locale.ROOT, ".%07dZ", f)));
      case GUID -> Arbitraries.randomValue(r -> new UUID(r.nextLong(), r.nextLong()).toString());
      case BINARY ->
          Arbitraries.bytes()
              .array(byte[].class)
              .ofMaxSize(40)
              .map(b -> Base64.getEncoder().encodeToString(b));
    };
  }

  static Arbitrary<TransferEntity> entity() {
    Arbitrary<List<TypedProperty>> properties =
        Arbitraries.integers()
            .between(0, 10)
            .flatMap(
                n -> {
                  List<Arbitrary<TypedProperty>> each = new ArrayList<>();
                  for (int i = 0; i < n; i++) {
                    each.add(property("p" + i));
                  }
                  return Combinators.combine(each).as(list -> list);
                })
            .flatMap(list -> Arbitraries.shuffle(list));
    Arbitrary<String> timestamp = value(EdmType.DATE_TIME).injectNull(0.3);
    return Combinators.combine(text(), text(), timestamp, properties).as(TransferEntity::new);
  }
}
