package dev.tabula.model;

import dev.tabula.model.EdmValue.EdmBinary;
import dev.tabula.model.EdmValue.EdmBoolean;
import dev.tabula.model.EdmValue.EdmDateTime;
import dev.tabula.model.EdmValue.EdmDouble;
import dev.tabula.model.EdmValue.EdmGuid;
import dev.tabula.model.EdmValue.EdmInt32;
import dev.tabula.model.EdmValue.EdmInt64;
import dev.tabula.model.EdmValue.EdmString;
import java.time.Instant;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Property-test generators of Edm values for the codecs that store and write them (shipped in this
 * module's test jar): every type, texts of any UTF-16, and DateTimes across the service's range.
 */
public final class EdmArbitraries {
  private static final long MIN_TICKS = EdmDateTimes.toTicks(EdmDateTimes.MIN);
  private static final long MAX_TICKS = EdmDateTimes.toTicks(EdmDateTimes.MAX);

  private EdmArbitraries() {}

  /** Values of every type; binaries up to {@code maxBinaryBytes}. */
  public static Arbitrary<EdmValue> values(int maxBinaryBytes) {
    return Arbitraries.oneOf(
        texts().map(EdmString::new),
        Arbitraries.bytes().array(byte[].class).ofMaxSize(maxBinaryBytes).map(EdmBinary::new),
        Arbitraries.of(true, false).map(EdmBoolean::new),
        instants().map(EdmDateTime::new),
        Arbitraries.doubles().withStandardSpecialValues().map(EdmDouble::new),
        Combinators.combine(Arbitraries.longs(), Arbitraries.longs())
            .as((a, b) -> (EdmValue) new EdmGuid(new UUID(a, b))),
        Arbitraries.integers().map(EdmInt32::new),
        Arbitraries.longs().map(EdmInt64::new));
  }

  /** Instants of the service's DateTime range, at whole ticks. */
  public static Arbitrary<Instant> instants() {
    return Arbitraries.longs().between(MIN_TICKS, MAX_TICKS).map(EdmDateTimes::fromTicks);
  }

  /** Any UTF-16 text, surrogates (paired and not) and supplementary characters included. */
  public static Arbitrary<String> texts() {
    Arbitrary<String> codeUnits = Arbitraries.strings().all().ofMaxLength(40);
    Arbitrary<String> codePoints =
        Arbitraries.integers()
            .between(0, Character.MAX_CODE_POINT)
            .list()
            .ofMaxSize(20)
            .map(cps -> cps.stream().map(Character::toString).reduce("", String::concat));
    return Arbitraries.oneOf(codeUnits, codePoints);
  }
}
