package dev.tabula.tools.format;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import dev.tabula.tools.entity.EdmType;
import dev.tabula.tools.entity.EntityJson;
import dev.tabula.tools.entity.SourceEntity;
import dev.tabula.tools.entity.TransferEntity;
import dev.tabula.tools.entity.VerbatimEntity;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A JSON Lines row sent as it is reaches the service as the same entity that reading it and writing
 * it again would send: the bytes kept read back (as the service reads them, {@link EntityJson}
 * modelling its inference) to the entity without its Timestamp, and carry no metadata or Timestamp
 * member. And the fast way is really taken: every line an export writes is kept, except one holding
 * a Double that JSON cannot write as a number (NaN, the infinities).
 */
class VerbatimRowProperties {
  private static final JsonFactory JSON = new JsonFactory();

  @Property(tries = 500)
  void aKeptRow_isTheEntityWithoutItsTimestamp(
      @ForAll("entities") TransferEntity entity, @ForAll boolean spaced, @ForAll boolean metadata)
      throws IOException {
    byte[] line = exported(entity, spaced, metadata);
    SourceEntity read;
    try (JsonLinesReader reader = new JsonLinesReader(new ByteArrayInputStream(line))) {
      read = reader.next().entity();
    }
    assertThat(read.values()).isEqualTo(entity);
    boolean stringDouble =
        entity.properties().stream()
            .anyMatch(p -> p.type() == EdmType.DOUBLE && !Character.isDigit(last(p.text())));
    assertThat(read instanceof VerbatimEntity).as("kept as JSON").isEqualTo(!stringDouble);
    if (read instanceof VerbatimEntity verbatim) {
      byte[] sent = verbatim.json();
      try (JsonParser parser = JSON.createParser(sent)) {
        parser.nextToken();
        assertThat(EntityJson.read(parser)).isEqualTo(entity.withoutTimestamp());
        assertThat(parser.nextToken()).isNull();
      }
      String text = new String(sent, StandardCharsets.UTF_8);
      assertThat(text).doesNotContain("\"Timestamp", "\"odata.");
    }
  }

  private static char last(String text) {
    return text.isEmpty() ? ' ' : text.charAt(text.length() - 1);
  }

  /** As an export writes the entity, with blanks around every separator and metadata if asked. */
  private static byte[] exported(TransferEntity entity, boolean spaced, boolean metadata)
      throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator json = JSON.createGenerator(out)) {
      if (spaced) {
        MinimalPrettyPrinter printer = new MinimalPrettyPrinter();
        printer.setSeparators(
            Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.BOTH)
                .withObjectEntrySpacing(Separators.Spacing.BOTH));
        json.setPrettyPrinter(printer);
      }
      if (metadata) {
        // The metadata of a fullmetadata answer, where the service puts it: first.
        json.writeRaw("{\"odata.etag\":\"W/\\\"datetime'x'\\\"\",\"odata.id\":\"u\",");
        ByteArrayOutputStream rest = new ByteArrayOutputStream();
        try (JsonGenerator inner = JSON.createGenerator(rest)) {
          EntityJson.write(inner, entity, true);
        }
        json.flush();
        out.write(rest.toByteArray(), 1, rest.size() - 1);
        return out.toByteArray();
      }
      EntityJson.write(json, entity, true);
    }
    return out.toByteArray();
  }

  @Provide
  Arbitrary<TransferEntity> entities() {
    return EntityArbitraries.entity();
  }
}
