package dev.tabula.server.console;

import dev.tabula.protocol.TableProtocol;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code /console/api/accounts/{account}/{rest}}: the Table service's REST API of one account,
 * answered by the console's own {@link TableProtocol} exactly as the data listener answers {@code
 * /{account}/{rest}} path-style, with the service's status, headers and body. The browser's cookies
 * and any {@code Authorization} it sends are dropped (the console's authenticator grants the
 * account; nothing is signed), a request that names no {@code x-ms-version} gets the one every
 * current SDK sends, and the answer says how long the service took ({@value #ELAPSED}, in
 * milliseconds). The operations of a {@code $batch} may name their URLs through the console too
 * ({@link BatchRequestLines}).
 */
final class ConsoleForwarding {
  static final String PREFIX = "/console/api/accounts/";
  static final String ELAPSED = "x-tabula-elapsed-ms";
  private static final Set<String> DROPPED =
      Set.of("cookie", "authorization", "x-tabula-console", "origin", "referer");

  private final TableProtocol protocol;

  ConsoleForwarding(TableProtocol protocol) {
    this.protocol = protocol;
  }

  /** The service's answer to {@code request}, whose path starts with {@link #PREFIX}. */
  ConsoleAnswer answer(ServiceRequest request) {
    String rest = request.rawPath().substring(PREFIX.length());
    int slash = rest.indexOf('/');
    if (rest.isEmpty() || slash == 0) {
      return ConsoleAnswer.text(404, "not found: /console/api/accounts/{account}/{resource}");
    }
    String uri = "/" + rest + (request.rawQuery().isEmpty() ? "" : "?" + request.rawQuery());
    byte[] body =
        rest.endsWith("$batch") ? BatchRequestLines.unprefixed(request.body()) : request.body();
    ServiceRequest forwarded =
        new ServiceRequest(request.method(), uri, headers(request), body, request.remoteAddress());
    long started = System.nanoTime();
    ServiceResponse response = protocol.handle(forwarded, "http");
    byte[] answered = response.body(); // a streamed page is gathered: one page, at most 1,000
    double elapsedMs = (System.nanoTime() - started) / 1e6;
    ConsoleAnswer answer = new ConsoleAnswer(response.status(), response.headers(), answered);
    return answer.with(ELAPSED, String.format(Locale.ROOT, "%.3f", elapsedMs));
  }

  private static Map<String, List<String>> headers(ServiceRequest request) {
    Map<String, List<String>> kept = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    request
        .headers()
        .forEach(
            (name, values) -> {
              if (!DROPPED.contains(name.toLowerCase(Locale.ROOT))) {
                kept.put(name, new ArrayList<>(values));
              }
            });
    kept.putIfAbsent("x-ms-version", List.of(ServiceCalls.VERSION));
    return kept;
  }
}
