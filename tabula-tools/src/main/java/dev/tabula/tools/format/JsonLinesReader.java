package dev.tabula.tools.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.tabula.tools.entity.EntityJson;
import dev.tabula.tools.entity.EntityJsonScanner;
import dev.tabula.tools.entity.MalformedEntityException;
import dev.tabula.tools.entity.VerbatimEntity;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Reads JSON Lines: one entity a line; blank lines are skipped. A line longer than {@value
 * #MAX_LINE_BYTES} bytes (more than any entity the service stores can take, even in base64) is
 * reported and skipped without being held in memory whole.
 *
 * <p>A line the service can take as it is comes back as a {@link VerbatimEntity}, its bytes kept
 * for the request body ({@link EntityJsonScanner}); any other line is read into typed values, or
 * comes back with what is wrong with it.
 */
public final class JsonLinesReader implements EntityReader {
  /** The service's largest entity is 1 MiB of UTF-16; its JSON stays well below this. */
  static final int MAX_LINE_BYTES = 8 * 1024 * 1024;

  private static final JsonFactory JSON = new JsonFactory();

  private final InputStream in;
  private final EntityJsonScanner scanner = new EntityJsonScanner();
  private final byte[] buffer = new byte[64 * 1024];
  private int next;
  private int end;

  /** The line being read: {@code line[0..lineLength)}, grown as needed up to the limit. */
  private byte[] line = new byte[4096];

  private int lineLength;
  private long lineNumber;
  private long bytesRead;

  /** The byte that ended the last line read: a newline, or -1 at the end of the input. */
  private int lastByte;

  /** A reader of a stream; closing closes it. */
  public JsonLinesReader(InputStream source) {
    this.in = source;
  }

  @Override
  public @Nullable NumberedEntity next() throws IOException {
    while (true) {
      boolean tooLong = readLine();
      if (lineLength == 0 && !tooLong && lastByte < 0) {
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

  /**
   * Reads up to the next newline; true when the line was too long (its rest is skipped). Scans a
   * block at a time and copies whole runs: a byte-at-a-time read (a synchronized call per byte)
   * once held an import to a few MiB/s.
   */
  private boolean readLine() throws IOException {
    lineLength = 0;
    boolean tooLong = false;
    while (true) {
      if (next == end && !fill()) {
        lastByte = -1;
        return tooLong;
      }
      int newline = next;
      while (newline < end && buffer[newline] != '\n') {
        newline++;
      }
      int run = newline - next;
      int room = MAX_LINE_BYTES - lineLength;
      if (run > room) {
        tooLong = true;
      }
      append(next, Math.min(run, Math.max(room, 0)));
      bytesRead += run;
      next = newline;
      if (newline < end) {
        next++;
        bytesRead++;
        lastByte = '\n';
        return tooLong;
      }
    }
  }

  private void append(int from, int length) {
    if (lineLength + length > line.length) {
      line = Arrays.copyOf(line, Math.max(lineLength + length, line.length * 2));
    }
    System.arraycopy(buffer, from, line, lineLength, length);
    lineLength += length;
  }

  private boolean fill() throws IOException {
    int read = in.read(buffer);
    if (read <= 0) {
      return false;
    }
    next = 0;
    end = read;
    return true;
  }

  private boolean isBlank() {
    for (int i = 0; i < lineLength; i++) {
      byte b = line[i];
      if (b != ' ' && b != '\t' && b != '\r') {
        return false;
      }
    }
    return true;
  }

  private NumberedEntity parse() throws IOException {
    VerbatimEntity verbatim = scanner.scan(line, lineLength);
    if (verbatim != null) {
      return NumberedEntity.of(lineNumber, verbatim);
    }
    try (JsonParser parser = JSON.createParser(line, 0, lineLength)) {
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
