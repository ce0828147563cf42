package dev.tabula.server.logging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** {@code --log-level} and {@code --access-log}: their values, and what a level sets. */
class LogLevelTest {
  private final LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
  private final Logger tabula = context.getLogger(LogLevel.TABULA_LOGGERS);
  private final Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
  private final Level tabulaBefore = tabula.getLevel();
  private final Level rootBefore = root.getLevel();

  @AfterEach
  void restore() {
    tabula.setLevel(tabulaBefore);
    root.setLevel(rootBefore);
  }

  @Test
  void levelsAndFormats_areReadInAnyCase() {
    assertThat(LogLevel.parse(" Debug ", "--log-level")).isEqualTo(LogLevel.DEBUG);
    assertThat(AccessLogFormat.parse("JSON", "--access-log")).isEqualTo(AccessLogFormat.JSON);
  }

  @Test
  void anotherValue_isRefused_namingTheSettingAndTheChoices() {
    assertThatThrownBy(() -> LogLevel.parse("loud", "--log-level (env TABULA_LOG_LEVEL)"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "--log-level (env TABULA_LOG_LEVEL) must be one of error, warn, info, debug, trace,"
                + " not 'loud'");
    assertThatThrownBy(() -> AccessLogFormat.parse("xml", "--access-log"))
        .hasMessage("--access-log must be one of off, plain, json, not 'xml'");
  }

  @Test
  void debug_isTabulasOnly_whileWarn_quietsEveryLibraryToo() {
    root.setLevel(Level.INFO);

    LogLevel.DEBUG.apply();
    assertThat(tabula.getLevel()).isEqualTo(Level.DEBUG);
    assertThat(root.getLevel()).isEqualTo(Level.INFO);
    assertThat(context.getLogger("dev.tabula.server.HttpExchangeHandler").isDebugEnabled())
        .isTrue();
    assertThat(context.getLogger("io.netty.channel.Channel").isDebugEnabled()).isFalse();

    LogLevel.WARN.apply();
    assertThat(tabula.getLevel()).isEqualTo(Level.WARN);
    assertThat(root.getLevel()).isEqualTo(Level.WARN);
    assertThat(context.getLogger("io.netty.channel.Channel").isInfoEnabled()).isFalse();
  }

  @Test
  void theAccessLog_isOnlyWhatTheFormatAsks() {
    assertThat(AccessLog.listeners(AccessLogFormat.OFF)).isEmpty();
    assertThat(AccessLog.listeners(AccessLogFormat.PLAIN)).hasSize(1);
    assertThat(context.getLogger(AccessLog.LOGGER).isInfoEnabled()).isTrue();
  }
}
