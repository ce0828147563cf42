package dev.tabula.server.logging;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.AsyncAppender;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.joran.spi.JoranException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/**
 * The shipped logging set up in code ({@link ShippedLogConfiguration}) is the one the jar's {@code
 * tabula-logback.xml} describes for users to copy: the same loggers with the same levels and
 * additivity, the same appenders (names, targets, patterns, the access log's queue). Seen red with
 * the queue's size changed in code only.
 */
class ShippedLogConfigurationTest {

  @Test
  void theConfigurationInCode_isTheShippedXml() throws Exception {
    LoggerContext inCode = new LoggerContext();
    ShippedLogConfiguration.apply(inCode);

    assertThat(describe(inCode)).isEqualTo(describe(fromXml()));
    assertThat(describe(inCode))
        .contains(
            "tabula.access INFO additive=false",
            "com.datastax.oss.driver WARN additive=true",
            "ROOT INFO additive=true");
  }

  @Test
  void logbackFindsIt_asAService() {
    List<Class<?>> found = new ArrayList<>();
    ServiceLoader.load(Configurator.class).forEach(c -> found.add(c.getClass()));

    assertThat(found).containsExactly(ShippedLogConfiguration.class);
  }

  @Test
  void aConfigurationFileOfTheUsers_wins() {
    String before = System.getProperty("logback.configurationFile");
    System.setProperty("logback.configurationFile", "/etc/tabula/logback.xml");
    try {
      LoggerContext context = new LoggerContext();
      ShippedLogConfiguration configuration = new ShippedLogConfiguration();
      configuration.setContext(context);

      assertThat(configuration.configure(context))
          .isEqualTo(Configurator.ExecutionStatus.INVOKE_NEXT_IF_ANY);
      assertThat(context.getLogger(Logger.ROOT_LOGGER_NAME).iteratorForAppenders().hasNext())
          .isFalse();
    } finally {
      if (before == null) {
        System.clearProperty("logback.configurationFile");
      } else {
        System.setProperty("logback.configurationFile", before);
      }
    }
  }

  private LoggerContext fromXml() throws JoranException, IOException {
    LoggerContext context = new LoggerContext();
    JoranConfigurator joran = new JoranConfigurator();
    joran.setContext(context);
    try (InputStream xml = getClass().getResourceAsStream("/tabula-logback.xml")) {
      assertThat(xml).isNotNull();
      joran.doConfigure(xml);
    }
    return context;
  }

  /** Every logger given a level, with its appenders, one line each, in a stable order. */
  private static List<String> describe(LoggerContext context) {
    List<String> lines = new ArrayList<>();
    for (Logger logger : context.getLoggerList()) {
      if (logger.getLevel() == null) {
        continue;
      }
      lines.add(logger.getName() + " " + logger.getLevel() + " additive=" + logger.isAdditive());
      Iterator<Appender<ILoggingEvent>> appenders = logger.iteratorForAppenders();
      while (appenders.hasNext()) {
        describe(appenders.next(), "  ", lines);
      }
    }
    return lines;
  }

  private static void describe(
      Appender<ILoggingEvent> appender, String indent, List<String> lines) {
    StringBuilder line =
        new StringBuilder(indent + appender.getName() + " " + appender.getClass().getName());
    if (appender instanceof ConsoleAppender<ILoggingEvent> console) {
      line.append(" target=").append(console.getTarget());
      if (console.getEncoder() instanceof PatternLayoutEncoder encoder) {
        line.append(" pattern=").append(encoder.getPattern());
        line.append(" charset=").append(encoder.getCharset());
      } else {
        line.append(" encoder=").append(console.getEncoder().getClass().getName());
      }
    }
    if (appender instanceof AsyncAppender queue) {
      line.append(" queueSize=").append(queue.getQueueSize());
      line.append(" discardingThreshold=").append(queue.getDiscardingThreshold());
      line.append(" neverBlock=").append(queue.isNeverBlock());
      line.append(" includeCallerData=").append(queue.isIncludeCallerData());
      lines.add(line.toString());
      Iterator<Appender<ILoggingEvent>> inner = queue.iteratorForAppenders();
      while (inner.hasNext()) {
        describe(inner.next(), indent + "  ", lines);
      }
      return;
    }
    lines.add(line.toString());
  }
}
