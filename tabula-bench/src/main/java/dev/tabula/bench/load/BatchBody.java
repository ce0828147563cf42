package dev.tabula.bench.load;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

/**
 * The multipart body of an entity group transaction ({@code POST /account/$batch}) made of inserts,
 * in the wire form the Azure SDKs send: a {@code batch_} part holding one {@code changeset_}, each
 * operation an {@code application/http} part with an absolute request URL, CRLF line ends.
 *
 * @param contentType the request's Content-Type, naming the batch boundary
 * @param body the request body
 */
public record BatchBody(String contentType, byte[] body) {
  private static final String CRLF = "\r\n";

  /** Inserts of {@code entityJsons} (all in one partition) into the table at {@code tableUri}. */
  public static BatchBody inserts(URI tableUri, List<byte[]> entityJsons) {
    String batch = "batch_" + UUID.randomUUID();
    String changeSet = "changeset_" + UUID.randomUUID();
    ByteArrayOutputStream out = new ByteArrayOutputStream(entityJsons.size() * 1400 + 512);
    write(out, "--" + batch + CRLF);
    write(out, "Content-Type: multipart/mixed; boundary=" + changeSet + CRLF + CRLF);
    for (int i = 0; i < entityJsons.size(); i++) {
      write(out, "--" + changeSet + CRLF);
      write(out, "Content-Type: application/http" + CRLF);
      write(out, "Content-Transfer-Encoding: binary" + CRLF);
      write(out, "Content-ID: " + i + CRLF + CRLF);
      write(out, "POST " + tableUri + " HTTP/1.1" + CRLF);
      write(out, "Content-Type: application/json" + CRLF);
      write(out, "Accept: " + TableConnection.ACCEPT + CRLF);
      write(out, "Prefer: return-no-content" + CRLF);
      write(out, "DataServiceVersion: 3.0" + CRLF + CRLF);
      out.writeBytes(entityJsons.get(i));
      write(out, CRLF);
    }
    write(out, "--" + changeSet + "--" + CRLF + CRLF);
    write(out, "--" + batch + "--" + CRLF);
    return new BatchBody("multipart/mixed; boundary=" + batch, out.toByteArray());
  }

  /**
   * How many operations of a batch response succeeded: the count of {@code HTTP/1.1 2xx} status
   * lines among its parts (a failed change set answers with one error part instead).
   */
  public static int succeededParts(byte[] responseBody) {
    String text = new String(responseBody, StandardCharsets.ISO_8859_1);
    int succeeded = 0;
    for (int at = text.indexOf("HTTP/1.1 2"); at >= 0; at = text.indexOf("HTTP/1.1 2", at + 1)) {
      succeeded++;
    }
    return succeeded;
  }

  private static void write(ByteArrayOutputStream out, String text) {
    out.writeBytes(text.getBytes(StandardCharsets.ISO_8859_1));
  }
}
