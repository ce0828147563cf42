package dev.tabula.tools.entity;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * An entity kept as the JSON object a file held, already fit to be a request body: what {@link
 * EntityJsonScanner} accepts, with the metadata and Timestamp members cut out. Sending these bytes
 * unchanged spares an import parsing every value into text and writing it again, which on a small
 * machine took CPU from the server it was writing to. Its values are read only when asked for (a
 * refused row written to an errors file, an insert checked against what is stored).
 */
public final class VerbatimEntity implements SourceEntity {
  private static final JsonFactory JSON = new JsonFactory();

  private final String partitionKey;
  private final String rowKey;
  private final @Nullable String timestamp;
  private final byte[] json;

  /**
   * @param timestamp the source's Timestamp, cut out of {@code json} (the service sets its own)
   */
  VerbatimEntity(String partitionKey, String rowKey, @Nullable String timestamp, byte[] json) {
    this.partitionKey = Objects.requireNonNull(partitionKey, "partitionKey");
    this.rowKey = Objects.requireNonNull(rowKey, "rowKey");
    this.timestamp = timestamp;
    this.json = json;
  }

  @Override
  public String partitionKey() {
    return partitionKey;
  }

  @Override
  public String rowKey() {
    return rowKey;
  }

  /** How many bytes {@link #json()} holds, without copying them. */
  public int jsonLength() {
    return json.length;
  }

  /** The entity's JSON object, UTF-8, as it goes into a request body (a copy). */
  public byte[] json() {
    return json.clone();
  }

  /** Writes the JSON object to a body being built. */
  public void writeTo(java.io.OutputStream out) throws IOException {
    out.write(json);
  }

  /** The values, with the Timestamp the source line gave (which {@link #json()} leaves out). */
  @Override
  public TransferEntity values() {
    try (JsonParser parser = JSON.createParser(json)) {
      parser.nextToken();
      TransferEntity entity = EntityJson.read(parser);
      return new TransferEntity(partitionKey, rowKey, timestamp, entity.properties());
    } catch (IOException e) {
      // The scanner read these very bytes as JSON before keeping them.
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String toString() {
    return new String(json, StandardCharsets.UTF_8);
  }
}
