package dev.tabula.protocol.batch;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Writes a {@code $batch} response body exactly in the service's layout (real-service captures in
 * the azure-sdk-for-js, azure-sdk-for-net and azure-sdk-for-python recordings, 2020-2022), which is
 * also what the SDK parsers need: the Java SDK's {@code TablesMultipartSerializer} requires the
 * first line to start with {@code --batchresponse_}, and only recognises a sub-response after a
 * {@code --changesetresponse_} line and only ends it at the next one.
 *
 * <pre>
 * --batchresponse_{uuid}
 * Content-Type: multipart/mixed; boundary=changesetresponse_{uuid}
 *
 * --changesetresponse_{uuid}
 * Content-Type: application/http
 * Content-Transfer-Encoding: binary
 *
 * HTTP/1.1 204 No Content
 * {headers}
 *
 * {body}
 * --changesetresponse_{uuid}--
 * --batchresponse_{uuid}--
 * </pre>
 *
 * Lines end with CRLF. A lone retrieve's response part sits directly in the batch, without a
 * change set (MS-ODATA 2.2.7.6.8; Azurite's serialization tests hold the same shape captured from
 * the service). Instances carry fresh boundaries; not thread-safe.
 */
final class BatchResponseWriter {
  private static final String CRLF = "\r\n";

  private final String batchBoundary = "batchresponse_" + UUID.randomUUID();
  private final String changeSetBoundary = "changesetresponse_" + UUID.randomUUID();

  /** The Content-Type of the whole response. */
  String contentType() {
    return "multipart/mixed; boundary=" + batchBoundary;
  }

  /** A change set response: one part per operation, or only the failing one. */
  byte[] changeSet(List<PartResponse> parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    write(out, "--" + batchBoundary + CRLF);
    write(out, "Content-Type: multipart/mixed; boundary=" + changeSetBoundary + CRLF + CRLF);
    for (PartResponse part : parts) {
      write(out, "--" + changeSetBoundary + CRLF);
      writePart(out, part);
    }
    write(out, "--" + changeSetBoundary + "--" + CRLF);
    write(out, "--" + batchBoundary + "--" + CRLF);
    return out.toByteArray();
  }

  /** The response to a lone retrieve. */
  byte[] query(PartResponse part) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    write(out, "--" + batchBoundary + CRLF);
    writePart(out, part);
    write(out, "--" + batchBoundary + "--" + CRLF);
    return out.toByteArray();
  }

  private static void writePart(ByteArrayOutputStream out, PartResponse part) {
    write(out, "Content-Type: application/http" + CRLF);
    write(out, "Content-Transfer-Encoding: binary" + CRLF + CRLF);
    write(out, "HTTP/1.1 " + part.status() + " " + part.reasonPhrase() + CRLF);
    for (Map.Entry<String, String> header : part.headers().entrySet()) {
      write(out, header.getKey() + ": " + header.getValue() + CRLF);
    }
    write(out, CRLF);
    out.writeBytes(part.body());
    write(out, CRLF);
  }

  private static void write(ByteArrayOutputStream out, String text) {
    out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
  }
}
