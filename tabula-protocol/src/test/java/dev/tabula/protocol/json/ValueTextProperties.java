package dev.tabula.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.tabula.model.ETag;
import dev.tabula.model.EdmDateTimes;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link ValueText} writes exactly what Jackson's {@code writeString} writes for the same text:
 * DateTimes and ETags across the service's range (and the years beyond it that fall back), every
 * Int64 and every Guid, into a scratch array that was used before.
 */
class ValueTextProperties {
  private static final JsonFactory JSON = new JsonFactory();
  private final byte[] scratch = ValueText.scratch();

  @Property(tries = 2000)
  void dateTimes(@ForAll("instants") Instant instant) {
    assertThat(written(out -> ValueText.dateTime(out, instant, scratch)))
        .isEqualTo(written(out -> out.writeString(EdmDateTimes.format(instant))));
  }

  @Property(tries = 2000)
  void etags(@ForAll("instants") Instant instant) {
    ETag etag = new ETag(instant);
    assertThat(written(out -> ValueText.etag(out, etag, scratch)))
        .isEqualTo(written(out -> out.writeString(etag.value())));
  }

  @Property(tries = 2000)
  void int64s(@ForAll long value) {
    assertThat(written(out -> ValueText.int64(out, value, scratch)))
        .isEqualTo(written(out -> out.writeString(Long.toString(value))));
  }

  @Property(tries = 2000)
  void guids(@ForAll long most, @ForAll long least) {
    assertThat(written(out -> ValueText.guid(out, new UUID(most, least), scratch)))
        .isEqualTo(written(out -> out.writeString(new UUID(most, least).toString())));
  }

  @Provide
  Arbitrary<Instant> instants() {
    long min = EdmDateTimes.toTicks(EdmDateTimes.MIN);
    long max = EdmDateTimes.toTicks(EdmDateTimes.MAX);
    return Arbitraries.oneOf(
            Arbitraries.longs().between(min, max).map(EdmDateTimes::fromTicks),
            // Outside the range, beyond four-digit years: the slow path, which must agree too.
            Arbitraries.longs()
                .between(-1_000_000_000L, 1_000_000_000L)
                .map(s -> Instant.ofEpochSecond(s * 1000L)))
        .edgeCases(c -> c.add(EdmDateTimes.MIN, EdmDateTimes.MAX, Instant.EPOCH));
  }

  @FunctionalInterface
  private interface Writing {
    void write(JsonGenerator out) throws IOException;
  }

  /** A one-element array, so each value is written the way a member's value is. */
  private static String written(Writing writing) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (JsonGenerator out = JSON.createGenerator(bytes)) {
      out.writeStartArray();
      writing.write(out);
      out.writeEndArray();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
