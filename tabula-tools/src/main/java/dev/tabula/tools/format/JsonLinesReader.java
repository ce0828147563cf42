package dev.tabula.tools.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.tabula.tools.entity.EntityJson;
import dev.tabula.tools.entity.MalformedEntityException;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import org.jspecify.annotations.Nullable;

/**
 * Reads JSON Lines: one entity a line; blank lines are skipped. A line longer than {@value
 * #MAX_LINE_BYTES} bytes (more than any entity the service stores can take, even in base64) is
 * reported and skipped without being held in memory whole.
 */
public final class JsonLinesReader implements EntityReader {
  /** The service's largest entity is 1 MiB of UTF-16; its JSON stays well below this. */
  static final int MAX_LINE_BYTES = 8 * 1024 * 1024;

  private static final JsonFactory JSON = new JsonFactory();

  private final InputStream in;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream(4096);
  private long lineNumber;
  private long bytesRead;

  /** The byte that ended the last line read: a newline, or -1 at the end of the input. */
  private int lastByte;

  /** A reader of a stream; closing closes it. */
  public JsonLinesReader(InputStream source) {
    this.in = new BufferedInputStream(source, 64 * 1024);
  }

  @Override
  public @Nullable NumberedEntity next() throws IOException {
    while (true) {
      boolean tooLong = readLine();
      if (line.size() == 0 && !tooLong && lastByte < 0) {
        return null;
      }
      lineNumber++;
      if (tooLong) {
        return NumberedEntity.unreadable(
            lineNumber, "the line is longer than " + MAX_LINE_BYTES + " bytes");
      }
      if (isBlank()) {
        if (lastByte < 0) {
          return null;
        }
        continue;
      }
      return parse();
    }
  }

  /** Reads up to the next newline; true when the line was too long (its rest is skipped). */
  private boolean readLine() throws IOException {
    line.reset();
    boolean tooLong = false;
    int b;
    while ((b = in.read()) >= 0) {
      bytesRead++;
      if (b == '\n') {
        break;
      }
      if (line.size() < MAX_LINE_BYTES) {
        line.write(b);
      } else {
        tooLong = true;
      }
    }
    lastByte = b;
    return tooLong;
  }

  private boolean isBlank() {
    byte[] bytes = line.toByteArray();
    for (byte b : bytes) {
      if (b != ' ' && b != '\t' && b != '\r') {
        return false;
      }
    }
    return true;
  }

  private NumberedEntity parse() throws IOException {
    byte[] bytes = line.toByteArray();
    try (JsonParser parser = JSON.createParser(bytes)) {
      parser.nextToken();
      NumberedEntity entity = NumberedEntity.of(lineNumber, EntityJson.read(parser));
      JsonToken after = parser.nextToken();
      if (after != null) {
        return NumberedEntity.unreadable(lineNumber, "more than one JSON value on the line");
      }
      return entity;
    } catch (MalformedEntityException e) {
      return NumberedEntity.unreadable(lineNumber, String.valueOf(e.getMessage()));
    } catch (JsonProcessingException e) {
      return NumberedEntity.unreadable(lineNumber, "not JSON: " + e.getOriginalMessage());
    }
  }

  @Override
  public long bytesRead() {
    return bytesRead;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
