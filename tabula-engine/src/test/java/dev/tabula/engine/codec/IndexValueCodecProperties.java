package dev.tabula.engine.codec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.EdmValue;
import dev.tabula.model.EdmValue.EdmBinary;
import dev.tabula.model.EdmValue.EdmDouble;
import dev.tabula.model.EdmValue.EdmInt32;
import dev.tabula.model.EdmValue.EdmString;
import dev.tabula.model.EntityKey;
import java.util.Arrays;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;

/**
 * The index form's byte order is the order of the service's comparisons within each type (the rules
 * of tabula-query's {@code ValueComparison}, restated here as the oracle: code-point order for
 * strings, unsigned bytes for binaries, {@code -0.0 == 0.0}, GUIDs as two unsigned longs), and a
 * form is never a prefix of another one, so the keys written after it cannot reorder two values.
 *
 * <p>Broken once each: strings written without escaping their 0x00 bytes failed {@link
 * #noFormIsAPrefixOfAnother} ("a" against "a\u0000"); -0.0 left as its own bits failed {@link
 * #minusZero_andZero_shareAForm}.
 */
class IndexValueCodecProperties {

  @Property(tries = 2000)
  void byteOrder_isTheComparisonOrder_withinEachType(
      @ForAll("pairs") Tuple2<EdmValue, EdmValue> p) {
    byte[] a = IndexValueCodec.encode(p.get1()).orElseThrow();
    byte[] b = IndexValueCodec.encode(p.get2()).orElseThrow();

    assertThat(Integer.signum(Arrays.compareUnsigned(a, b)))
        .isEqualTo(Integer.signum(compare(p.get1(), p.get2())));
  }

  @Property(tries = 2000)
  void noFormIsAPrefixOfAnother(@ForAll("pairs") Tuple2<EdmValue, EdmValue> p) {
    byte[] a = IndexValueCodec.encode(p.get1()).orElseThrow();
    byte[] b = IndexValueCodec.encode(p.get2()).orElseThrow();
    if (!Arrays.equals(a, b)) {
      assertThat(Arrays.mismatch(a, b)).isLessThan(Math.min(a.length, b.length));
    }
  }

  @Example
  void minusZero_andZero_shareAForm() {
    assertThat(IndexValueCodec.encode(new EdmDouble(-0.0)).orElseThrow())
        .isEqualTo(IndexValueCodec.encode(new EdmDouble(0.0)).orElseThrow());
  }

  @Example
  void nan_hasNoForm() {
    assertThat(IndexValueCodec.encode(new EdmDouble(Double.NaN))).isEmpty();
  }

  @Example
  void sections_keepTypesApart_inTheirDeclaredOrder() {
    byte[] int32 = IndexValueCodec.encode(new EdmInt32(Integer.MAX_VALUE)).orElseThrow();
    byte[] string = IndexValueCodec.encode(new EdmString("")).orElseThrow();
    byte[] binary = IndexValueCodec.encode(new EdmBinary(new byte[0])).orElseThrow();

    assertThat(Arrays.compareUnsigned(int32, string)).isNegative();
    assertThat(Arrays.compareUnsigned(string, binary)).isNegative();
  }

  /** The oracle: the service's order of two values of one type. */
  private static int compare(EdmValue a, EdmValue b) {
    return switch (a.type()) {
      case STRING -> EntityKey.KEY_ORDER.compare(((EdmString) a).value(), ((EdmString) b).value());
      case BINARY ->
          Arrays.compareUnsigned(((EdmBinary) a).readOnlyBytes(), ((EdmBinary) b).readOnlyBytes());
      case BOOLEAN ->
          Boolean.compare(((EdmValue.EdmBoolean) a).value(), ((EdmValue.EdmBoolean) b).value());
      case DATE_TIME ->
          ((EdmValue.EdmDateTime) a).value().compareTo(((EdmValue.EdmDateTime) b).value());
      case DOUBLE -> {
        double x = ((EdmDouble) a).value();
        double y = ((EdmDouble) b).value();
        yield x < y ? -1 : x > y ? 1 : 0;
      }
      case GUID -> {
        UUID x = ((EdmValue.EdmGuid) a).value();
        UUID y = ((EdmValue.EdmGuid) b).value();
        int high = Long.compareUnsigned(x.getMostSignificantBits(), y.getMostSignificantBits());
        yield high != 0
            ? high
            : Long.compareUnsigned(x.getLeastSignificantBits(), y.getLeastSignificantBits());
      }
      case INT32 -> Integer.compare(((EdmInt32) a).value(), ((EdmInt32) b).value());
      case INT64 -> Long.compare(((EdmValue.EdmInt64) a).value(), ((EdmValue.EdmInt64) b).value());
    };
  }

  @Provide
  Arbitrary<Tuple2<EdmValue, EdmValue>> pairs() {
    return Arbitraries.oneOf(
        pairOf(strings().map(EdmString::new)),
        strings().tuple2().map(t -> Tuple.of(text(t.get1()), text(t.get1() + t.get2()))),
        pairOf(Arbitraries.bytes().array(byte[].class).ofMaxSize(6).map(EdmBinary::new)),
        pairOf(Arbitraries.of(true, false).map(EdmValue.EdmBoolean::new)),
        pairOf(Arbitraries.integers().map(EdmInt32::new)),
        pairOf(Arbitraries.longs().map(EdmValue.EdmInt64::new)),
        pairOf(doubles().map(EdmDouble::new)),
        pairOf(
            Arbitraries.longs()
                .between(
                    EdmDateTimes.toTicks(EdmDateTimes.MIN), EdmDateTimes.toTicks(EdmDateTimes.MAX))
                .map(ticks -> new EdmValue.EdmDateTime(EdmDateTimes.fromTicks(ticks)))),
        pairOf(
            Arbitraries.longs()
                .tuple2()
                .map(t -> new EdmValue.EdmGuid(new UUID(t.get1(), t.get2())))));
  }

  private static Arbitrary<Tuple2<EdmValue, EdmValue>> pairOf(Arbitrary<? extends EdmValue> one) {
    Arbitrary<EdmValue> values = one.map(v -> (EdmValue) v);
    // Equal pairs are rare by chance, so a value and itself come often too.
    return Arbitraries.oneOf(values.tuple2(), values.map(v -> Tuple.of(v, v)));
  }

  private static EdmValue text(String value) {
    return new EdmString(value);
  }

  private static Arbitrary<String> strings() {
    Arbitrary<String> edgy =
        Arbitraries.of(
            "",
            "\u0000",
            "a",
            "a\u0000",
            "a\u0000b",
            "a\u0001",
            "\uD800",
            "\uFFFF",
            "\uD83D\uDE00",
            "\uDBFF\uDFFF",
            "\uE000");
    Arbitrary<String> random =
        Arbitraries.strings()
            .withCharRange('\u0000', '\u0003')
            .withChars('a', 'b', '\uD800', '\uDC00', '\uFFFF', '\uE000')
            .ofMaxLength(5);
    return Arbitraries.oneOf(edgy, random, Arbitraries.strings().ofMaxLength(8));
  }

  private static Arbitrary<Double> doubles() {
    return Arbitraries.oneOf(
        Arbitraries.doubles(),
        Arbitraries.of(
            0.0,
            -0.0,
            Double.MIN_VALUE,
            -Double.MIN_VALUE,
            Double.MAX_VALUE,
            -Double.MAX_VALUE,
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            1.0,
            -1.0));
  }
}
