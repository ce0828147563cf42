package dev.tabula.conformance.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A client of the console on a server's admin listener, over a plain socket: unlike the JDK's HTTP
 * client it may send any {@code Host} header (the console's DNS-rebinding check reads it) and any
 * method ({@code MERGE}). Sends {@code X-Tabula-Console: 1} unless told not to. One request per
 * connection ({@code Connection: close}), the answer read to its end.
 */
public final class ConsoleClient {
  private final int port;
  private final Map<String, String> headers = new LinkedHashMap<>();
  private String host;

  public ConsoleClient(int port) {
    this.port = port;
    this.host = "127.0.0.1:" + port;
    headers.put("X-Tabula-Console", "1");
  }

  /** This client sending {@code Host: value} (null: no Host header at all). */
  public ConsoleClient host(String value) {
    ConsoleClient copy = copy();
    copy.host = value;
    return copy;
  }

  /** This client with one more header, or without {@code name} when {@code value} is null. */
  public ConsoleClient header(String name, String value) {
    ConsoleClient copy = copy();
    if (value == null) {
      copy.headers.remove(name);
    } else {
      copy.headers.put(name, value);
    }
    return copy;
  }

  private ConsoleClient copy() {
    ConsoleClient copy = new ConsoleClient(port);
    copy.headers.clear();
    copy.headers.putAll(headers);
    copy.host = host;
    return copy;
  }

  public Answer get(String target) throws IOException {
    return send("GET", target, null);
  }

  /**
   * Sends {@code method} to {@code target} with a body (null: none), JSON unless a Content-Type
   * header was given.
   */
  public Answer send(String method, String target, String json) throws IOException {
    byte[] body = json == null ? new byte[0] : json.getBytes(StandardCharsets.UTF_8);
    StringBuilder head = new StringBuilder(method + " " + target + " HTTP/1.1\r\n");
    if (host != null) {
      head.append("Host: ").append(host).append("\r\n");
    }
    headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
    if (json != null && !headers.containsKey("Content-Type")) {
      head.append("Content-Type: application/json\r\n");
    }
    head.append("Content-Length: ").append(body.length).append("\r\nConnection: close\r\n\r\n");
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
      socket.setSoTimeout(20_000);
      OutputStream out = socket.getOutputStream();
      out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
      out.write(body);
      out.flush();
      return Answer.read(socket.getInputStream());
    }
  }

  /**
   * Sends only the head of a request announcing a body of {@code contentLength} bytes, then reads
   * the answer: for a server that refuses the body unread (413), which a client still writing it
   * would see as a reset connection.
   */
  public Answer announce(String method, String target, long contentLength) throws IOException {
    String head =
        method
            + " "
            + target
            + " HTTP/1.1\r\nHost: "
            + host
            + "\r\nContent-Length: "
            + contentLength
            + "\r\nConnection: close\r\n\r\n";
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
      socket.setSoTimeout(20_000);
      socket.getOutputStream().write(head.getBytes(StandardCharsets.ISO_8859_1));
      socket.getOutputStream().flush();
      return Answer.read(socket.getInputStream());
    }
  }

  /** An answer: status, headers (names lower case) and body. */
  public record Answer(int status, Map<String, String> headers, byte[] body) {
    /** A header's value (any case), or null. */
    public String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }

    public String text() {
      return new String(body, StandardCharsets.UTF_8);
    }

    static Answer read(InputStream in) throws IOException {
      byte[] all = in.readAllBytes(); // Connection: close: the answer ends with the stream
      int end = indexOf(all, "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
      String[] lines = new String(all, 0, end, StandardCharsets.ISO_8859_1).split("\r\n");
      int status = Integer.parseInt(lines[0].split(" ")[1]);
      Map<String, String> headers = new LinkedHashMap<>();
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        headers.put(
            lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
            lines[i].substring(colon + 1).trim());
      }
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      body.write(all, end + 4, all.length - end - 4);
      return new Answer(status, headers, body.toByteArray());
    }

    private static int indexOf(byte[] data, byte[] pattern) {
      for (int i = 0; i + pattern.length <= data.length; i++) {
        boolean match = true;
        for (int j = 0; j < pattern.length && match; j++) {
          match = data[i + j] == pattern[j];
        }
        if (match) {
          return i;
        }
      }
      throw new IllegalStateException("no end of headers in the answer");
    }
  }
}
