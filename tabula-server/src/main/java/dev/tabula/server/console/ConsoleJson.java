package dev.tabula.server.console;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/** The small JSON objects the console's own resources answer, written with Jackson's generator. */
final class ConsoleJson {
  private static final JsonFactory JSON = new JsonFactory();

  private ConsoleJson() {}

  /** Writes the members of one object. */
  @FunctionalInterface
  interface Members {
    void write(JsonGenerator json) throws IOException;
  }

  /** One JSON object of {@code members}, as UTF-8 bytes. */
  static byte[] object(Members members) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator json = JSON.createGenerator(out)) {
      json.writeStartObject();
      members.write(json);
      json.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // into memory: Jackson's only failure is a bug
    }
    return out.toByteArray();
  }
}
