package dev.tabula.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The version's shape check against the regular expression it stands in for. */
class ProtocolVersionProperties {
  /** The rule as written in the versioning page: four, two and two ASCII digits. */
  private static final Pattern SHAPE = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");

  @Property(tries = 2000)
  void isDate_agreesWithTheShape(@ForAll("nearDates") String text) {
    assertThat(ProtocolVersion.isDate(text)).isEqualTo(SHAPE.matcher(text).matches());
  }

  @Example
  void isDate_acceptsVersionsAndRefusesLookalikes() {
    assertThat(ProtocolVersion.isDate("2019-02-02")).isTrue();
    assertThat(ProtocolVersion.isDate("2099-99-99")).isTrue();
    assertThat(ProtocolVersion.isDate("2019-02-0")).isFalse();
    assertThat(ProtocolVersion.isDate("2019/02/02")).isFalse();
    assertThat(ProtocolVersion.isDate("2019-02-0\u0663")).isFalse(); // an Arabic-Indic digit
    assertThat(ProtocolVersion.isDate("")).isFalse();
  }

  /** Strings of dates' characters and a few others, around a date's length. */
  @Provide
  Arbitrary<String> nearDates() {
    Arbitrary<String> mixed =
        Arbitraries.strings()
            .withChars("0123456789--x \u0663\uff11")
            .ofMinLength(8)
            .ofMaxLength(12);
    Arbitrary<String> shaped =
        Arbitraries.strings()
            .numeric()
            .ofLength(8)
            .map(d -> d.substring(0, 4) + "-" + d.substring(4, 6) + "-" + d.substring(6));
    return Arbitraries.oneOf(mixed, shaped);
  }
}
