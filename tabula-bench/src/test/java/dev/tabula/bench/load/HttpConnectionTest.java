package dev.tabula.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The load client's response reading, against a socket that answers in awkward pieces. */
class HttpConnectionTest {
  private static final byte[] HEAD =
      "GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);

  /**
   * The test servers below accept one connection; the first assertion's class loading on a loaded
   * machine once took over the default 2 s idle limit, and the client's fresh socket was never
   * accepted (the old one was reset mid-answer).
   */
  private static final long NEVER_IDLE = 3_600_000;

  @Test
  void readsResponsesSplitAnywhere_andWholeOnes_onOneConnection() throws Exception {
    String sized = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nX-Name:  spaced \r\n\r\nhello";
    String chunked =
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;ext=1\r\nabc\r\n2\r\nde\r\n0\r\nT: x\r\n\r\n";
    String empty = "HTTP/1.1 204 No Content\r\nETag: W/\"1\"\r\n\r\n";
    String large = "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n" + "z".repeat(100_000);

    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CompletableFuture<Void> answers =
          CompletableFuture.runAsync(
              () -> answer(server, sized, chunked, empty, large, sized + chunked));
      try (HttpConnection http =
          new HttpConnection("127.0.0.1", server.getLocalPort(), 10_000, NEVER_IDLE)) {
        HttpConnection.Response first = http.exchange(HEAD, null);
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.header("x-name")).isEqualTo("spaced");
        assertThat(new String(first.body(), StandardCharsets.US_ASCII)).isEqualTo("hello");
        assertThat(new String(http.exchange(HEAD, null).body(), StandardCharsets.US_ASCII))
            .isEqualTo("abcde");
        HttpConnection.Response noContent = http.exchange(HEAD, null);
        assertThat(noContent.status()).isEqualTo(204);
        assertThat(noContent.header("etag")).isEqualTo("W/\"1\"");
        assertThat(http.exchange(HEAD, null).body()).hasSize(100_000).containsOnly((byte) 'z');
        // Two answers arriving in one piece: the second is kept for the next exchange.
        assertThat(new String(http.exchange(HEAD, null).body(), StandardCharsets.US_ASCII))
            .isEqualTo("hello");
        assertThat(new String(http.exchange(HEAD, null).body(), StandardCharsets.US_ASCII))
            .isEqualTo("abcde");
        assertThat(http.connects()).isEqualTo(1);
      }
      answers.join();
    }
  }

  @Test
  void aResponseCutShort_isAnEofError() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CompletableFuture<Void> answers =
          CompletableFuture.runAsync(
              () -> answer(server, "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc"));
      try (HttpConnection http =
          new HttpConnection("127.0.0.1", server.getLocalPort(), 10_000, NEVER_IDLE)) {
        assertThatThrownBy(() -> http.exchange(HEAD, null)).isInstanceOf(EOFException.class);
      }
      answers.join();
    }
  }

  @Test
  void aSocketIdleTooLong_isReplacedBeforeTheNextRequest() throws Exception {
    String sized = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
    try (ServerSocket server = new ServerSocket(0, 2, InetAddress.getLoopbackAddress())) {
      // Each connection gets one answer; the server waits for the client to drop the first socket.
      CompletableFuture<Void> answers =
          CompletableFuture.runAsync(
              () -> {
                answer(server, sized);
                answer(server, sized);
              });
      // An idle limit of 0 ms replaces the socket before every exchange after the first.
      try (HttpConnection http =
          new HttpConnection("127.0.0.1", server.getLocalPort(), 10_000, 0)) {
        for (int exchange = 1; exchange <= 2; exchange++) {
          assertThat(new String(http.exchange(HEAD, null).body(), StandardCharsets.US_ASCII))
              .isEqualTo("ok");
        }
        assertThat(http.connects()).isEqualTo(2);
      }
      answers.join();
    }
  }

  /**
   * Accepts one connection and, for each request head read, writes the next answer a few bytes at a
   * time (each write flushed, so the client is likely to read the pieces apart), then ends its side
   * and waits for the client to close.
   */
  private static void answer(ServerSocket server, String... answers) {
    try (Socket socket = server.accept()) {
      InputStream in = socket.getInputStream();
      OutputStream out = socket.getOutputStream();
      socket.setTcpNoDelay(true);
      for (String answer : answers) {
        in.readNBytes(HEAD.length);
        byte[] bytes = answer.getBytes(StandardCharsets.ISO_8859_1);
        int piece = 0;
        for (int at = 0; at < bytes.length; at += piece) {
          piece = Math.min(bytes.length - at, bytes.length > 1000 ? 8192 : at % 7 + 1);
          out.write(bytes, at, piece);
          out.flush();
        }
      }
      // End the answers with a FIN, then read what the client still sends (the request the last,
      // doubled answer covers) until it closes: closing with that request unread would send a
      // reset, which can discard answer bytes the client has not read yet.
      socket.shutdownOutput();
      in.transferTo(OutputStream.nullOutputStream());
    } catch (IOException e) {
      throw new RuntimeException(e);
    }
  }
}
