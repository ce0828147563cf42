package dev.tabula.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Locale;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class ZeroPaddedProperties {

  @Property
  void writesWhatStringFormatWrites(
      @ForAll @LongRange(min = 0) long value, @ForAll @IntRange(min = 1, max = 20) int width) {
    String format = "%0" + width + "d";

    assertThat(ZeroPadded.of(value, width)).isEqualTo(String.format(Locale.ROOT, format, value));
    assertThat(ZeroPadded.of("p", value, width))
        .isEqualTo(String.format(Locale.ROOT, "p" + format, value));
  }

  @Test
  void edges() {
    assertThat(ZeroPadded.of(0, 3)).isEqualTo("000");
    assertThat(ZeroPadded.of(9, 1)).isEqualTo("9");
    assertThat(ZeroPadded.of(10, 2)).isEqualTo("10");
    assertThat(ZeroPadded.of(1234, 3)).isEqualTo("1234");
    assertThat(ZeroPadded.of(Long.MAX_VALUE, 20)).isEqualTo("09223372036854775807");
    assertThatThrownBy(() -> ZeroPadded.of(-1, 3)).isInstanceOf(IllegalArgumentException.class);
  }
}
