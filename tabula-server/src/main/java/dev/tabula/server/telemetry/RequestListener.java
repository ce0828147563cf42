package dev.tabula.server.telemetry;

/**
 * Told of each answered request, on the connection's event loop: it must be quick and must never
 * block (count, sketch, or hand a line to a logger).
 */
@FunctionalInterface
public interface RequestListener {
  void answered(AnsweredRequest request);
}
