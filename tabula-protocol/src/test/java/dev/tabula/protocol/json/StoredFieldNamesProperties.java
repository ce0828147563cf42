package dev.tabula.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.engine.codec.EntityValueCodec;
import dev.tabula.model.EdmValue;
import dev.tabula.model.EdmValue.EdmBoolean;
import dev.tabula.model.EncodedProperties;
import dev.tabula.model.PropertyCursor;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link StoredFieldNames} finds every stored name as itself: names of every length around its word
 * boundaries (0-40 bytes), from an alphabet of two letters and one non-ASCII character so that many
 * share their first and last eight bytes and differ only between them, the last one ending its
 * stored value (where a word cannot be read whole), and across tries, so slots are shared and
 * overwritten; and names that share their length and first and last words, and so their slot, and
 * differ only between.
 */
class StoredFieldNamesProperties {

  @Property(tries = 1000)
  void everyStoredName_isFoundAsItself(@ForAll("names") List<String> names) {
    Map<String, EdmValue> properties = new LinkedHashMap<>();
    for (String name : names) {
      properties.put(name, new EdmBoolean(true)); // one byte: the last name sits near the end
    }
    byte[] value = EntityValueCodec.encode(Instant.EPOCH, properties);
    PropertyCursor cursor =
        ((EncodedProperties) EntityValueCodec.decode("p", "r", value).properties()).cursor();

    for (String name : properties.keySet()) {
      assertThat(cursor.next()).isTrue();
      StoredFieldNames.Known known = StoredFieldNames.of(cursor);
      assertThat(known.text()).isEqualTo(name);
      assertThat(known.member().getValue()).isEqualTo(name);
      assertThat(known.annotation().getValue()).isEqualTo(name + "@odata.type");
    }
  }

  @Property(tries = 300)
  void namesThatDifferOnlyBetweenTheirFirstAndLastWords_areToldApart(
      @ForAll("middles") List<String> middles) {
    everyStoredName_isFoundAsItself(
        middles.stream().map(middle -> "PrefixAB" + middle + "SuffixCD").distinct().toList());
  }

  @Provide
  Arbitrary<List<String>> names() {
    return Arbitraries.strings()
        .withChars('a', 'b', '\u00e9')
        .ofMinLength(0)
        .ofMaxLength(40)
        .list()
        .ofMinSize(1)
        .ofMaxSize(8);
  }

  /** Middles of equal length, so the names share their length, first and last words, and slot. */
  @Provide
  Arbitrary<List<String>> middles() {
    return Arbitraries.integers()
        .between(1, 12)
        .flatMap(
            length ->
                Arbitraries.strings()
                    .withChars('a', 'b')
                    .ofLength(length)
                    .list()
                    .ofMinSize(2)
                    .ofMaxSize(6));
  }
}
