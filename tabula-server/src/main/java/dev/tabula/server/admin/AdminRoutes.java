package dev.tabula.server.admin;

import dev.tabula.engine.Readiness;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The admin endpoints, free of the network: {@code GET /health} (the process is up), {@code GET
 * /ready} (the engine is open and takes writes, else 503 with the reason) and {@code GET /metrics}
 * (the registry in Prometheus text format, or OpenMetrics when the scraper asks for it). {@code
 * HEAD} answers the same headers without the body; other methods get 405, other paths 404.
 * Thread-safe.
 */
public final class AdminRoutes {
  /** Prometheus text format 0.0.4, what Prometheus reads when it does not ask for OpenMetrics. */
  static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

  /** OpenMetrics 1.0 text, which Prometheus asks for first in its Accept header. */
  static final String OPEN_METRICS = "application/openmetrics-text; version=1.0.0; charset=utf-8";

  private final Supplier<Readiness> readiness;
  private final PrometheusMeterRegistry registry;

  /**
   * @param readiness asked on every {@code /ready}: must be cheap and never wait on I/O
   * @param registry rendered on every {@code /metrics}
   */
  public AdminRoutes(Supplier<Readiness> readiness, PrometheusMeterRegistry registry) {
    this.readiness = readiness;
    this.registry = registry;
  }

  /** The answer to {@code method} on {@code uri}, with the request's {@code Accept} header. */
  AdminAnswer answer(String method, String uri, @Nullable String accept) {
    String path = pathOf(uri);
    if (!path.equals("/health") && !path.equals("/ready") && !path.equals("/metrics")) {
      return AdminAnswer.text(
          404, "not found: the admin paths are /health, /ready, /metrics and /backup");
    }
    if (!method.equals("GET") && !method.equals("HEAD")) {
      return AdminAnswer.text(405, "method not allowed: use GET or HEAD")
          .withHeader("Allow", "GET, HEAD");
    }
    return switch (path) {
      case "/health" -> AdminAnswer.text(200, "ok");
      case "/ready" -> ready();
      default -> metrics(accept);
    };
  }

  private AdminAnswer ready() {
    Readiness now = readiness.get();
    return now.ready()
        ? AdminAnswer.text(200, "ready")
        : AdminAnswer.text(503, "not ready: " + now.reason());
  }

  private AdminAnswer metrics(@Nullable String accept) {
    String type =
        accept != null && accept.toLowerCase(Locale.ROOT).contains("application/openmetrics-text")
            ? OPEN_METRICS
            : PROMETHEUS_TEXT;
    return new AdminAnswer(
        200, type, registry.scrape(type).getBytes(StandardCharsets.UTF_8), Map.of());
  }

  /** The path without its query string or fragment. */
  public static String pathOf(String uri) {
    int end = uri.length();
    for (int i = 0; i < uri.length(); i++) {
      char c = uri.charAt(i);
      if (c == '?' || c == '#') {
        end = i;
        break;
      }
    }
    return uri.substring(0, end);
  }
}
