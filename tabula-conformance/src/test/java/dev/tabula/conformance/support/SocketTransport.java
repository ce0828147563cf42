package dev.tabula.conformance.support;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * HTTP/1.1 written by hand over a plain socket, for what the JDK client will not send: a {@code
 * Date} header, or a body of a chosen (large) length. The body is written on a second thread while
 * the response is read, so a server that answers early and closes is seen answering.
 */
final class SocketTransport {
  private static final int CHUNK = 64 * 1024;

  private SocketTransport() {}

  static RawResponse exchange(
      int port,
      String method,
      String target,
      Map<String, String> headers,
      byte[] body,
      long filler) {
    long length = filler >= 0 ? filler : body == null ? 0 : body.length;
    StringBuilder head =
        new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n");
    head.append("Host: 127.0.0.1:").append(port).append("\r\n");
    headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
    if (length > 0 || !"GET".equals(method)) {
      head.append("Content-Length: ").append(length).append("\r\n");
    }
    head.append("Connection: close\r\n\r\n");
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
      socket.setSoTimeout(60_000);
      OutputStream out = socket.getOutputStream();
      out.write(head.toString().getBytes(StandardCharsets.UTF_8));
      out.flush();
      Thread writer = new Thread(() -> writeBody(out, body, filler), "raw-body-writer");
      writer.setDaemon(true);
      writer.start();
      return read(new BufferedInputStream(socket.getInputStream()));
    } catch (IOException e) {
      throw new UncheckedIOException(method + " " + target, e);
    }
  }

  private static void writeBody(OutputStream out, byte[] body, long filler) {
    try {
      if (filler >= 0) {
        byte[] chunk = new byte[CHUNK];
        Arrays.fill(chunk, (byte) 'a');
        for (long left = filler; left > 0; left -= CHUNK) {
          out.write(chunk, 0, (int) Math.min(CHUNK, left));
        }
      } else if (body != null) {
        out.write(body);
      }
      out.flush();
    } catch (IOException e) {
      // The server may answer and close before the whole body is written; that is allowed.
    }
  }

  private static RawResponse read(InputStream in) throws IOException {
    String statusLine = readLine(in);
    if (statusLine == null) {
      throw new IOException("connection closed before a response");
    }
    int status = Integer.parseInt(statusLine.split(" ")[1]);
    Map<String, List<String>> headers = new LinkedHashMap<>();
    for (String line = readLine(in); line != null && !line.isEmpty(); line = readLine(in)) {
      int colon = line.indexOf(':');
      headers
          .computeIfAbsent(line.substring(0, colon).trim().toLowerCase(), k -> new ArrayList<>())
          .add(line.substring(colon + 1).trim());
    }
    List<String> length = headers.get("content-length");
    List<String> encoding = headers.get("transfer-encoding");
    byte[] body;
    if (length != null) {
      body = in.readNBytes(Integer.parseInt(length.get(0)));
    } else if (encoding != null && encoding.get(0).equalsIgnoreCase("chunked")) {
      body = readChunked(in);
    } else {
      body = in.readAllBytes();
    }
    return new RawResponse(status, headers, body);
  }

  /**
   * A chunked body, which must end with its zero-length chunk: a server that ends the connection
   * before it has cut the answer short (issue 18), and that must fail, not read as a whole body.
   */
  private static byte[] readChunked(InputStream in) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (String size = readLine(in); size != null; size = readLine(in)) {
      int n = Integer.parseInt(size.split(";")[0].trim(), 16);
      if (n == 0) {
        readLine(in); // the empty line after the last chunk (no trailers are sent)
        return out.toByteArray();
      }
      byte[] chunk = in.readNBytes(n);
      out.write(chunk);
      if (chunk.length < n) {
        break;
      }
      readLine(in);
    }
    throw new IOException("the connection ended in a chunked body, after " + out.size() + " bytes");
  }

  private static String readLine(InputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    int c;
    while ((c = in.read()) >= 0) {
      if (c == '\n') {
        byte[] bytes = line.toByteArray();
        int end =
            bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
        return new String(bytes, 0, end, StandardCharsets.ISO_8859_1);
      }
      line.write(c);
    }
    return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
  }
}
