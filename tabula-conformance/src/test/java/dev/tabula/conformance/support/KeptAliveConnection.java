package dev.tabula.conformance.support;

import dev.tabula.server.Account;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * One HTTP/1.1 connection over a raw socket (plain, or TLS trusting a test certificate) that stays
 * open between requests, so a test controls exactly how many connections a server sees and when
 * each one ends. Requests are signed with SharedKeyLite; answers are read by their Content-Length,
 * or chunk by chunk when streamed.
 */
public final class KeptAliveConnection implements AutoCloseable {
  private static final int TIMEOUT_MILLIS = 30_000;

  private final Socket socket;
  private final InputStream in;
  private final Account account;

  private KeptAliveConnection(Socket socket, Account account) throws IOException {
    this.socket = socket;
    this.account = account;
    socket.setSoTimeout(TIMEOUT_MILLIS);
    this.in = new BufferedInputStream(socket.getInputStream());
  }

  /** Opens a plain connection to a loopback port. */
  public static KeptAliveConnection open(int port, Account account) {
    try {
      return new KeptAliveConnection(new Socket("127.0.0.1", port), account);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Opens a plain connection that receives slowly: its receive buffer is as small as the system
   * allows, so an answer larger than the server's output buffers stays partly unsent until it is
   * read.
   */
  public static KeptAliveConnection openReadingSlowly(int port, Account account) {
    try {
      Socket socket = new Socket();
      socket.setReceiveBufferSize(1); // before connecting: the window is agreed then
      socket.connect(new java.net.InetSocketAddress("127.0.0.1", port));
      return new KeptAliveConnection(socket, account);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Opens a TLS connection to a loopback port, trusting {@code certificate} (PEM), handshake done.
   */
  public static KeptAliveConnection openTls(int port, Path certificate, Account account) {
    try {
      Socket socket = trusting(certificate).createSocket("127.0.0.1", port);
      ((SSLSocket) socket).startHandshake();
      return new KeptAliveConnection(socket, account);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A socket factory trusting only {@code certificate} (PEM). */
  public static SSLSocketFactory trusting(Path certificate) {
    return TestCertificates.clientContext(certificate).getSocketFactory();
  }

  /** Query Tables, signed, keeping the connection alive (or not); returns the answer. */
  public RawResponse listTables(boolean keepAlive) {
    sendGet("/" + account.name() + "/Tables", keepAlive);
    return readResponse();
  }

  /**
   * Sends a signed GET of {@code path} (a path-style resource with no query string, such as {@code
   * /account/table()}), keeping the connection alive (or not), without reading the answer.
   */
  public void sendGet(String path, boolean keepAlive) {
    sendGet(path, "application/json;odata=nometadata", keepAlive);
  }

  /** As {@link #sendGet(String, boolean)}, asking for the answer in {@code accept}'s form. */
  public void sendGet(String path, String accept, boolean keepAlive) {
    String date = SharedKeySigner.httpDate(ZonedDateTime.now());
    String signature =
        SharedKeySigner.sign(
            account.key(),
            SharedKeySigner.liteStringToSign(
                date, SharedKeySigner.canonicalResource(account.name(), path, null)));
    send(
        "GET "
            + path
            + " HTTP/1.1\r\nHost: 127.0.0.1\r\nx-ms-version: 2019-02-02\r\n"
            + "x-ms-date: "
            + date
            + "\r\nAccept: "
            + accept
            + "\r\n"
            + "Authorization: SharedKeyLite "
            + account.name()
            + ":"
            + signature
            + "\r\n"
            + "Connection: "
            + (keepAlive ? "keep-alive" : "close")
            + "\r\n\r\n");
  }

  /** Blocks (at most the socket timeout) until the answer's first byte arrives, reading none. */
  public void awaitAnswerBegun() {
    try {
      in.mark(1);
      if (in.read() == -1) {
        throw new IOException("the server closed the connection without an answer");
      }
      in.reset();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes raw bytes (a request, or part of one). */
  public void send(String text) {
    try {
      socket.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
      socket.getOutputStream().flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Reads one answer whole, by its Content-Length or its chunks (then to the last chunk). */
  public RawResponse readResponse() {
    try {
      String statusLine = readLine();
      if (statusLine == null) {
        throw new IOException("the server closed the connection without an answer");
      }
      Map<String, List<String>> headers = new LinkedHashMap<>();
      for (String line = readLine(); line != null && !line.isEmpty(); line = readLine()) {
        int colon = line.indexOf(':');
        headers
            .computeIfAbsent(
                line.substring(0, colon).trim().toLowerCase(Locale.ROOT), name -> new ArrayList<>())
            .add(line.substring(colon + 1).trim());
      }
      byte[] body =
          headers.containsKey("transfer-encoding")
              ? readChunked()
              : in.readNBytes(
                  Integer.parseInt(headers.getOrDefault("content-length", List.of("0")).get(0)));
      return new RawResponse(Integer.parseInt(statusLine.split(" ")[1]), headers, body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Whether the server has closed the connection: blocks until it sends something or ends it (at
   * most the socket timeout); true on end of stream or a reset, false if bytes arrive.
   */
  public boolean isClosedByServer() {
    try {
      return in.read() == -1;
    } catch (SocketException reset) {
      return true;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Reads and drops whatever the server sends until it ends the connection, at most the socket
   * timeout.
   */
  public void awaitClosedByServer() {
    try {
      while (in.read() != -1) {
        in.skip(in.available());
      }
    } catch (SocketException reset) {
      // ended by a reset: closed all the same
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Ends the connection with a reset instead of a close (SO_LINGER 0), as a crashed client would.
   */
  public void reset() {
    try {
      socket.setSoLinger(true, 0);
      socket.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A chunked body; the connection ending before its zero-length chunk is an error. */
  private byte[] readChunked() throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    for (String size = readLine(); size != null; size = readLine()) {
      int n = Integer.parseInt(size.split(";")[0].trim(), 16);
      if (n == 0) {
        readLine();
        return body.toByteArray();
      }
      byte[] chunk = in.readNBytes(n);
      body.write(chunk);
      if (chunk.length < n) {
        break;
      }
      readLine();
    }
    throw new IOException(
        "the connection ended in a chunked body, after " + body.size() + " bytes");
  }

  private String readLine() throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b == -1) {
        return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
      }
      if (b != '\r') {
        line.write(b);
      }
    }
    return line.toString(StandardCharsets.ISO_8859_1);
  }
}
