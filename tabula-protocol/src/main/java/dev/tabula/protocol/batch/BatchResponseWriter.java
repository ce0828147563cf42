package dev.tabula.protocol.batch;

import dev.tabula.protocol.http.StreamedBody;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
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
 * Lines end with CRLF. A lone retrieve's response part sits directly in the batch, without a change
 * set (MS-ODATA 2.2.7.6.8; Azurite's serialization tests hold the same shape captured from the
 * service). Instances carry fresh boundaries; not thread-safe.
 */
final class BatchResponseWriter {
  private static final String CRLF = "\r\n";

  private final String batchBoundary = "batchresponse_" + UUID.randomUUID();
  private final String changeSetBoundary = "changesetresponse_" + UUID.randomUUID();

  /** The Content-Type of the whole response. */
  String contentType() {
    return "multipart/mixed; boundary=" + batchBoundary;
  }

  /** A change set response: one part per operation, or only the failing one, whole. */
  byte[] changeSet(List<PartResponse> parts) {
    return whole(changeSetStream(parts));
  }

  /** The response to a lone retrieve, whole. */
  byte[] query(PartResponse part) {
    return whole(queryStream(part));
  }

  /**
   * The same change set response, written part by part as the transport asks for it ({@link
   * BatchStream}): the service sends {@code $batch} answers chunked (azure-sdk-for-js recording
   * {@code batch_operations/recording_should_send_a_set_of_create_batch_operations.js}).
   */
  StreamedBody changeSetStream(List<PartResponse> parts) {
    return new BatchStream(batchBoundary, changeSetBoundary, parts);
  }

  /** The same lone retrieve's response, streamed. */
  StreamedBody queryStream(PartResponse part) {
    return new BatchStream(batchBoundary, null, List.of(part));
  }

  /** One part: its MIME headers, then the operation's HTTP status line, headers and body. */
  static void writePart(OutputStream out, PartResponse part) throws IOException {
    write(out, "Content-Type: application/http" + CRLF);
    write(out, "Content-Transfer-Encoding: binary" + CRLF + CRLF);
    write(out, "HTTP/1.1 " + part.status() + " " + part.reasonPhrase() + CRLF);
    for (Map.Entry<String, String> header : part.headers().entrySet()) {
      write(out, header.getKey() + ": " + header.getValue() + CRLF);
    }
    write(out, CRLF);
    out.write(part.body());
    write(out, CRLF);
  }

  static void write(OutputStream out, String text) throws IOException {
    out.write(text.getBytes(StandardCharsets.UTF_8));
  }

  /** Writes a whole body in one piece. */
  private static byte[] whole(StreamedBody body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      body.writeNext(out, Integer.MAX_VALUE);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a byte array output does not fail
    }
    return out.toByteArray();
  }
}
