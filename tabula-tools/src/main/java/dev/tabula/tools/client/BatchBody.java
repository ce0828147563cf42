package dev.tabula.tools.client;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.tabula.tools.entity.EntityJson;
import dev.tabula.tools.entity.SourceEntity;
import dev.tabula.tools.entity.VerbatimEntity;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

/**
 * The multipart body of an entity group transaction, in the documented form: one changeset, one
 * {@code application/http} part per operation, each with an absolute request URL, CRLF line ends.
 * Merges are sent as {@code PATCH}, as the current SDKs send them.
 *
 * <p>The body is built in a buffer sized for it, and sent from that buffer: for an import's
 * transactions of a hundred 1 KiB entities, growing it and copying it out cost as much as writing
 * it.
 *
 * @param contentType the request's Content-Type, naming the batch boundary
 * @param bytes the buffer holding the body, from its start
 * @param length how many bytes of {@code bytes} the body is
 */
public record BatchBody(String contentType, byte[] bytes, int length) {
  private static final JsonFactory JSON = new JsonFactory();
  private static final String CRLF = "\r\n";

  /** A part's boundary, headers and request line around its URL, with room to spare. */
  private static final int PART_HEADERS = 400;

  /** The body of a transaction of {@code operations} on the table at {@code tableUrl}. */
  public static BatchBody of(String tableUrl, List<BatchOperation> operations) {
    String batch = "batch_" + UUID.randomUUID();
    String changeset = "changeset_" + UUID.randomUUID();
    BodyBuffer out = new BodyBuffer(capacity(tableUrl, operations));
    // One generator for the whole body: creating one per entity (its buffers, its context) cost
    // more than writing the entity.
    try (JsonGenerator json = JSON.createGenerator(out)) {
      json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      json.setRootValueSeparator(null);
      write(out, "--" + batch + CRLF);
      write(out, "Content-Type: multipart/mixed; boundary=" + changeset + CRLF + CRLF);
      for (BatchOperation operation : operations) {
        write(
            out,
            "--"
                + changeset
                + CRLF
                + "Content-Type: application/http"
                + CRLF
                + "Content-Transfer-Encoding: binary"
                + CRLF
                + CRLF
                + requestLine(tableUrl, operation)
                + CRLF
                + "Content-Type: application/json"
                + CRLF
                + "Accept: application/json;odata=minimalmetadata"
                + CRLF
                + "Prefer: return-no-content"
                + CRLF
                + "DataServiceVersion: 3.0;"
                + CRLF
                + CRLF);
        if (operation.entity() instanceof VerbatimEntity verbatim) {
          verbatim.writeTo(out); // the generator holds nothing: it was flushed after the last one
        } else {
          EntityJson.write(json, operation.entity().values(), false);
          json.flush();
        }
        write(out, CRLF);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    write(out, "--" + changeset + "--" + CRLF);
    write(out, "--" + batch + "--" + CRLF);
    return new BatchBody("multipart/mixed; boundary=" + batch, out.bytes(), out.size());
  }

  /**
   * About what the body takes: each part's headers and request line (with percent-encoded keys, at
   * most 9 bytes a character), and its entity, exact when kept as JSON, else a guess that the
   * buffer grows from.
   */
  private static int capacity(String tableUrl, List<BatchOperation> operations) {
    long bytes = 512;
    for (BatchOperation operation : operations) {
      SourceEntity entity = operation.entity();
      bytes += PART_HEADERS + tableUrl.length();
      bytes += 9L * (entity.partitionKey().length() + entity.rowKey().length());
      bytes += entity instanceof VerbatimEntity verbatim ? verbatim.jsonLength() : 1024;
    }
    return (int) Math.min(bytes, 64L * 1024 * 1024);
  }

  /** A byte buffer whose array is sent as it is, not copied out first. */
  private static final class BodyBuffer extends ByteArrayOutputStream {
    BodyBuffer(int capacity) {
      super(capacity);
    }

    byte[] bytes() {
      return buf;
    }
  }

  private static String requestLine(String tableUrl, BatchOperation operation) {
    SourceEntity entity = operation.entity();
    String method =
        switch (operation.kind()) {
          case INSERT -> "POST";
          case INSERT_OR_MERGE -> "PATCH";
          case INSERT_OR_REPLACE -> "PUT";
        };
    String url =
        operation.kind() == BatchOperation.Kind.INSERT
            ? tableUrl
            : tableUrl.substring(0, tableUrl.lastIndexOf('/') + 1)
                + PercentEncoding.entityPath(
                    tableUrl.substring(tableUrl.lastIndexOf('/') + 1),
                    entity.partitionKey(),
                    entity.rowKey());
    return method + " " + url + " HTTP/1.1";
  }

  private static void write(ByteArrayOutputStream out, String text) {
    out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
  }
}
