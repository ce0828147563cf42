package dev.tabula.server.logging;

import ch.qos.logback.classic.AsyncAppender;
import ch.qos.logback.classic.ClassicConstants;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * Tabula's shipped logging (docs/logging.md), set up in code rather than read from XML: Logback's
 * XML configuration loads about 480 classes (its Joran interpreter and the JDK's XML parser) on
 * every start, a cost a fresh server pays before its first answer (issue 25, docs/performance.md
 * "Cold start"). The same configuration, written out as XML for users to copy, is the jar's {@code
 * tabula-logback.xml}; {@code ShippedLogConfigurationTest} holds the two equal.
 *
 * <p>Logback finds this class as a service ({@code META-INF/services}) and asks it first. A
 * configuration of the user's ({@code -Dlogback.configurationFile}, or a {@code logback-test.xml}
 * on a test's class path) wins: then this one steps aside and Logback reads that file as usual.
 */
public final class ShippedLogConfiguration extends ContextAwareBase implements Configurator {
  /** Diagnostics: one line each, time in UTC, level, the logger's class, the message. */
  static final String DIAGNOSTIC_PATTERN =
      "%d{yyyy-MM-dd'T'HH:mm:ss.SSSX, UTC} %-5level %logger{0}: %msg%n";

  /** The access log's lines, as {@link AccessLog} made them. */
  static final String ACCESS_PATTERN = "%msg%n";

  /** Lines the access log's queue holds before it drops new ones (never blocking a request). */
  static final int ACCESS_QUEUE_SIZE = 8192;

  /** Required by the service loader. */
  public ShippedLogConfiguration() {
    // Logback sets the context before configure.
  }

  @Override
  public ExecutionStatus configure(LoggerContext context) {
    if (System.getProperty(ClassicConstants.CONFIG_FILE_PROPERTY) != null
        || System.getProperty(ClassicConstants.MODEL_CONFIG_FILE_PROPERTY) != null
        || ShippedLogConfiguration.class
                .getClassLoader()
                .getResource(ClassicConstants.TEST_AUTOCONFIG_FILE)
            != null) {
      return ExecutionStatus.INVOKE_NEXT_IF_ANY;
    }
    apply(context);
    return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
  }

  /** Sets up the shipped configuration on {@code context}. */
  static void apply(LoggerContext context) {
    Appender<ILoggingEvent> diagnostics =
        console(context, "STDERR", "System.err", DIAGNOSTIC_PATTERN);
    Logger access = context.getLogger(AccessLog.LOGGER);
    access.setLevel(Level.INFO);
    access.setAdditive(false);
    access.addAppender(accessQueue(context));
    // The Cassandra driver says its version and settings at INFO on every start; its warnings (a
    // node down, a reconnection) stay.
    context.getLogger("com.datastax.oss.driver").setLevel(Level.WARN);
    Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    root.setLevel(Level.INFO);
    root.addAppender(diagnostics);
  }

  /**
   * The access log's lines to standard output through a bounded queue: full, it drops lines rather
   * than make a request's thread wait, and it discards none before (no threshold by level).
   */
  private static Appender<ILoggingEvent> accessQueue(LoggerContext context) {
    AsyncAppender queue = new AsyncAppender();
    queue.setContext(context);
    queue.setName("ACCESS");
    queue.setQueueSize(ACCESS_QUEUE_SIZE);
    queue.setDiscardingThreshold(0);
    queue.setNeverBlock(true);
    queue.addAppender(console(context, "ACCESS_STDOUT", "System.out", ACCESS_PATTERN));
    queue.start();
    return queue;
  }

  private static Appender<ILoggingEvent> console(
      LoggerContext context, String name, String target, String pattern) {
    PatternLayoutEncoder encoder = new PatternLayoutEncoder();
    encoder.setContext(context);
    encoder.setPattern(pattern);
    encoder.start();
    ConsoleAppender<ILoggingEvent> appender = new ConsoleAppender<>();
    appender.setContext(context);
    appender.setName(name);
    appender.setTarget(target);
    appender.setEncoder(encoder);
    appender.start();
    return appender;
  }
}
