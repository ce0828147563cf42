package dev.tabula.tools.client;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.tabula.tools.entity.EntityJson;
import dev.tabula.tools.entity.TransferEntity;
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
 * @param contentType the request's Content-Type, naming the batch boundary
 * @param body the body's bytes
 */
record BatchBody(String contentType, byte[] body) {
  private static final JsonFactory JSON = new JsonFactory();
  private static final String CRLF = "\r\n";

  static BatchBody of(String tableUrl, List<BatchOperation> operations) {
    String batch = "batch_" + UUID.randomUUID();
    String changeset = "changeset_" + UUID.randomUUID();
    ByteArrayOutputStream out = new ByteArrayOutputStream(1024 * operations.size() + 256);
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
        EntityJson.write(json, operation.entity(), false);
        json.flush();
        write(out, CRLF);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    write(out, "--" + changeset + "--" + CRLF);
    write(out, "--" + batch + "--" + CRLF);
    return new BatchBody("multipart/mixed; boundary=" + batch, out.toByteArray());
  }

  private static String requestLine(String tableUrl, BatchOperation operation) {
    TransferEntity entity = operation.entity();
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
