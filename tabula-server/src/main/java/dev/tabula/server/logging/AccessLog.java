package dev.tabula.server.logging;

import dev.tabula.server.telemetry.AnsweredRequest;
import dev.tabula.server.telemetry.RequestListener;
import java.util.List;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The access log: one line per answered request, at INFO, to the logger {@value #LOGGER}, so that
 * operators can send it where they like (docs/logging.md). The line is built on the connection's
 * event loop, which is cheap; writing it must not block there, which the shipped configuration
 * ({@link ShippedLogConfiguration}) ensures by a bounded queue that drops lines when full.
 *
 * <p>What a line holds is what {@link AnsweredRequest} holds, less the PartitionKey: no key,
 * signature, SAS token or query string, and no entity data.
 */
public final class AccessLog implements RequestListener {
  /** The access log's logger. */
  public static final String LOGGER = "tabula.access";

  private final Logger log;
  private final Function<AnsweredRequest, String> format;

  private AccessLog(Function<AnsweredRequest, String> format) {
    this.log = LoggerFactory.getLogger(LOGGER);
    this.format = format;
  }

  /** The request listeners that {@code format} asks for: the access log, or none when off. */
  public static List<RequestListener> listeners(AccessLogFormat format) {
    return switch (format) {
      case OFF -> List.of();
      case PLAIN -> List.of(new AccessLog(PlainAccessLine::of));
      case JSON -> List.of(new AccessLog(JsonAccessLine::of));
    };
  }

  @Override
  public void answered(AnsweredRequest request) {
    if (log.isInfoEnabled()) {
      log.info(format.apply(request));
    }
  }
}
