package dev.tabula.conformance.support;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * A client of a server's admin listener: plain HTTP requests to it, and the samples of a {@code
 * /metrics} scrape in Prometheus text format, looked up by name and labels.
 */
public final class AdminScrape {
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  private final String text;

  private AdminScrape(String text) {
    this.text = text;
  }

  /** Sends {@code method} to {@code path} on {@code 127.0.0.1:port}; the answer as text. */
  public static HttpResponse<String> send(int port, String method, String path)
      throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .method(method, HttpRequest.BodyPublishers.noBody())
            .timeout(Duration.ofSeconds(10))
            .build();
    return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
  }

  /** Scrapes {@code /metrics} on the admin port; fails unless it answers 200. */
  public static AdminScrape scrape(int port) throws IOException, InterruptedException {
    HttpResponse<String> answer = send(port, "GET", "/metrics");
    if (answer.statusCode() != 200) {
      throw new AssertionError("/metrics answered " + answer.statusCode() + ": " + answer.body());
    }
    return new AdminScrape(answer.body());
  }

  /** The scrape as sent. */
  public String text() {
    return text;
  }

  /**
   * The value of the sample named {@code name} whose labels include {@code labels} (alternating
   * names and values), or empty when there is none; fails if several match.
   */
  public OptionalDouble value(String name, String... labels) {
    Map<String, String> wanted = new LinkedHashMap<>();
    for (int i = 0; i < labels.length; i += 2) {
      wanted.put(labels[i], labels[i + 1]);
    }
    OptionalDouble found = OptionalDouble.empty();
    for (String line : text.split("\n")) {
      if (line.startsWith("#") || line.isBlank()) {
        continue;
      }
      int brace = line.indexOf('{');
      int space = line.lastIndexOf(' ');
      String sampleName = brace >= 0 ? line.substring(0, brace) : line.substring(0, space);
      if (!sampleName.equals(name)) {
        continue;
      }
      Map<String, String> sampleLabels =
          brace >= 0 ? labels(line.substring(brace + 1, line.lastIndexOf('}'))) : Map.of();
      if (!sampleLabels.entrySet().containsAll(wanted.entrySet())) {
        continue;
      }
      if (found.isPresent()) {
        throw new AssertionError("several samples of " + name + wanted + " in:\n" + text);
      }
      found = OptionalDouble.of(Double.parseDouble(line.substring(space + 1)));
    }
    return found;
  }

  /** The value of one sample, which must be there. */
  public double valueOf(String name, String... labels) {
    return value(name, labels)
        .orElseThrow(
            () -> new AssertionError("no sample " + name + " " + String.join(",", labels)));
  }

  /** The sum of every sample named {@code name}. */
  public double sum(String name) {
    double sum = 0;
    for (String line : text.split("\n")) {
      if (line.startsWith(name + "{") || line.startsWith(name + " ")) {
        sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
      }
    }
    return sum;
  }

  /** Parses {@code a="x",b="y"} (values without escaped quotes, as the server's labels are). */
  private static Map<String, String> labels(String text) {
    Map<String, String> labels = new LinkedHashMap<>();
    int at = 0;
    while (at < text.length()) {
      int equals = text.indexOf('=', at);
      int open = text.indexOf('"', equals);
      int close = text.indexOf('"', open + 1);
      labels.put(text.substring(at, equals).trim(), text.substring(open + 1, close));
      at = close + 1;
      if (at < text.length() && text.charAt(at) == ',') {
        at++;
      }
    }
    return labels;
  }
}
