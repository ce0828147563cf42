package dev.tabula.conformance.support;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * What an in-process server logs below one logger while a test runs (logback's {@link
 * ListAppender}), for the tests that check what is logged and how often: one warning, not one a
 * poll. Closing detaches it.
 */
public final class CapturedLog implements AutoCloseable {
  private final ListAppender<ILoggingEvent> appender = new ListAppender<>();
  private final Logger logger;

  private CapturedLog(Logger logger) {
    this.logger = logger;
    appender.start();
    logger.addAppender(appender);
  }

  /** Captures what {@code loggerName} and the loggers below it log from now on. */
  public static CapturedLog of(String loggerName) {
    return new CapturedLog(
        ((LoggerContext) LoggerFactory.getILoggerFactory()).getLogger(loggerName));
  }

  /** Captures what every logger logs from now on. */
  public static CapturedLog ofRoot() {
    return of(Logger.ROOT_LOGGER_NAME);
  }

  /** The events so far (the appender is written by the server's threads meanwhile). */
  public List<ILoggingEvent> events() {
    synchronized (appender) {
      return new ArrayList<>(appender.list);
    }
  }

  /** The WARN lines so far, formatted. */
  public List<String> warnings() {
    return events().stream()
        .filter(e -> e.getLevel() == Level.WARN)
        .map(ILoggingEvent::getFormattedMessage)
        .toList();
  }

  @Override
  public void close() {
    logger.detachAppender(appender);
  }
}
