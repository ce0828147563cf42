package dev.tabula.protocol.json;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.Utf16;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/** The package's one Jackson factory, and the plumbing every reader and writer shares. */
final class JsonCodec {
  private static final JsonFactory FACTORY = JsonFactory.builder().build();

  /** Writes one JSON document into memory. */
  @FunctionalInterface
  interface Body {
    void write(JsonGenerator out) throws IOException;
  }

  private JsonCodec() {}

  /** The UTF-8 bytes of the document the body writes. */
  static byte[] write(Body body) {
    ReusableOutput bytes = render(body);
    try {
      return bytes.toByteArray();
    } finally {
      bytes.giveBack();
    }
  }

  /** The body's bytes in a pooled buffer; on failure the buffer goes back to the pool. */
  private static ReusableOutput render(Body body) {
    ReusableOutput bytes = ReusableOutput.take();
    try {
      try (JsonGenerator out = FACTORY.createGenerator(bytes, JsonEncoding.UTF8)) {
        body.write(out);
      }
      return bytes;
    } catch (IOException e) {
      bytes.giveBack();
      // Only a value Jackson cannot encode gets here; the readers refuse such values on the way in.
      throw new UncheckedIOException(e);
    } catch (RuntimeException | Error e) {
      bytes.giveBack();
      throw e;
    }
  }

  /**
   * A generator writing a document piece by piece into {@code out}, configured as {@link #write}'s
   * so the bytes are the same; closing it does not close {@code out}. The caller closes it.
   */
  static JsonGenerator generator(OutputStream out) throws IOException {
    JsonGenerator generator = FACTORY.createGenerator(out, JsonEncoding.UTF8);
    generator.configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);
    return generator;
  }

  /** A parser over a request body; the caller closes it. */
  static JsonParser parser(byte[] body) throws IOException {
    return FACTORY.createParser(body);
  }

  /**
   * Rejects text Jackson could not write back out as UTF-8. JSON lets a client escape half a
   * surrogate pair ({@code "\ud800"}); storing it would make the entity unreadable later.
   */
  static String requireWellFormed(String text) {
    if (!Utf16.isWellFormed(text)) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    return text;
  }
}
