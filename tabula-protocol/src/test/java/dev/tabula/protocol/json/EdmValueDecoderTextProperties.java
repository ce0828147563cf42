package dev.tabula.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.model.EdmType;
import dev.tabula.model.TableException;
import java.util.UUID;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Guid and Int64 texts are accepted exactly when the regular expressions that used to check them
 * match: random texts near the valid forms, accepted and refused alike.
 */
class EdmValueDecoderTextProperties {
  private static final Pattern GUID_D =
      Pattern.compile(
          "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
  private static final Pattern HEX32 = Pattern.compile("[0-9a-fA-F]{32}");
  private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");

  @Property(tries = 5000)
  void guid_acceptedExactlyWhenTheOldPatternsMatch(@ForAll("nearGuids") String text) {
    String inner =
        text.length() == 38
                && (text.startsWith("{") && text.endsWith("}")
                    || text.startsWith("(") && text.endsWith(")"))
            ? text.substring(1, 37)
            : text;
    boolean expected = GUID_D.matcher(inner).matches() || HEX32.matcher(inner).matches();
    JsonScalar value = new JsonScalar(JsonScalar.Kind.STRING, text);
    if (expected) {
      assertThat(EdmValueDecoder.decode("Id", value, EdmType.GUID).toString()).isNotNull();
    } else {
      assertThatThrownBy(() -> EdmValueDecoder.decode("Id", value, EdmType.GUID))
          .as(text)
          .isInstanceOf(TableException.class);
    }
  }

  @Property(tries = 5000)
  void int64Text_acceptedExactlyWhenTheOldPatternMatches(@ForAll("nearIntegers") String text) {
    boolean expected = INTEGER.matcher(text).matches() && fitsInLong(text);
    JsonScalar value = new JsonScalar(JsonScalar.Kind.STRING, text);
    if (expected) {
      assertThat(EdmValueDecoder.decode("N", value, EdmType.INT64)).isNotNull();
    } else {
      assertThatThrownBy(() -> EdmValueDecoder.decode("N", value, EdmType.INT64))
          .as(text)
          .isInstanceOf(TableException.class);
    }
  }

  @Provide
  Arbitrary<String> nearGuids() {
    Arbitrary<String> valid = Arbitraries.create(UUID::randomUUID).map(UUID::toString);
    Arbitrary<String> forms =
        valid.flatMap(
            d ->
                Arbitraries.of(
                    d, d.toUpperCase(), d.replace("-", ""), "{" + d + "}", "(" + d + ")", d + "-"));
    return Arbitraries.oneOf(
        forms.flatMap(f -> mutated(f, "0123456789abcdefABCDEFgG-{}() ")),
        Arbitraries.strings()
            .withChars("0123456789abcdefABCDEF-{}()g")
            .ofMinLength(0)
            .ofMaxLength(40));
  }

  @Provide
  Arbitrary<String> nearIntegers() {
    Arbitrary<String> valid = Arbitraries.longs().map(n -> Long.toString(n));
    return Arbitraries.oneOf(
        valid.flatMap(v -> mutated(v, "0123456789+- .e")),
        valid.map(v -> "+" + v),
        Arbitraries.strings().withChars("0123456789+-").ofMinLength(0).ofMaxLength(21));
  }

  /** {@code text} as is, or with one character replaced, inserted or dropped. */
  private static Arbitrary<String> mutated(String text, String chars) {
    Arbitrary<Integer> edits = Arbitraries.integers().between(0, 3);
    Arbitrary<Integer> positions = Arbitraries.integers().between(0, text.length());
    Arbitrary<Character> characters = Arbitraries.of(chars.toCharArray());
    return Combinators.combine(edits, positions, characters)
        .as((edit, at, c) -> edit(text, edit, at, c));
  }

  private static String edit(String text, int edit, int at, char c) {
    StringBuilder b = new StringBuilder(text);
    int i = Math.min(at, text.length() - 1);
    if (edit == 1 && i >= 0) {
      b.setCharAt(i, c);
    } else if (edit == 2) {
      b.insert(at, c);
    } else if (edit == 3 && i >= 0) {
      b.deleteCharAt(i);
    }
    return b.toString();
  }

  private static boolean fitsInLong(String text) {
    try {
      Long.parseLong(text);
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
