package dev.tabula.server.logging;

import ch.qos.logback.classic.LoggerContext;
import org.slf4j.LoggerFactory;

/** The logging backend as a whole. */
public final class LogBackend {
  private LogBackend() {}

  /**
   * Writes out what is still queued (access log lines wait in a queue of their own) and stops
   * logging: called once, last, as the process ends, since the queue's writer is a daemon thread
   * that would otherwise die with its lines. Nothing is logged after it.
   */
  public static void stop() {
    if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
      context.stop();
    }
  }
}
