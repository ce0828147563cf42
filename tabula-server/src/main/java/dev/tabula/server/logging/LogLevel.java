package dev.tabula.server.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import org.slf4j.LoggerFactory;

/**
 * {@code --log-level}: how much Tabula's own loggers ({@code dev.tabula...}) say. A level quieter
 * than {@code info} quiets every other library too (Netty, the Cassandra driver); a louder one
 * leaves them at the logging config's level, since their debug output drowns Tabula's. The access
 * log ({@value AccessLog#LOGGER}) has a level of its own and is on or off by {@code --access-log}
 * alone.
 */
public enum LogLevel {
  ERROR(Level.ERROR),
  WARN(Level.WARN),
  INFO(Level.INFO),
  DEBUG(Level.DEBUG),
  TRACE(Level.TRACE);

  /** The parent of every Tabula logger: each is named after its class. */
  static final String TABULA_LOGGERS = "dev.tabula";

  private final Level level;

  LogLevel(Level level) {
    this.level = level;
  }

  /**
   * The level named {@code value} (any case).
   *
   * @param setting how the operator set it, named in the error
   * @throws IllegalArgumentException naming the setting and the choices, for any other value
   */
  public static LogLevel parse(String value, String setting) {
    return Choices.parse(LogLevel.class, value, setting);
  }

  /**
   * Sets this level on Tabula's loggers (and on the root when it is quieter than {@code info}). A
   * logging backend other than Logback (an embedding application's own) is left alone.
   */
  public void apply() {
    if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
      context.getLogger(TABULA_LOGGERS).setLevel(level);
      if (level.isGreaterOrEqual(Level.WARN)) {
        context.getLogger(Logger.ROOT_LOGGER_NAME).setLevel(level);
      }
    }
  }
}
