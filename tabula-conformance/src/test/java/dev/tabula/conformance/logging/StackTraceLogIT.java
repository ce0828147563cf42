package dev.tabula.conformance.logging;

import static dev.tabula.conformance.support.ServiceErrors.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.tabula.conformance.support.EntitiesReplaced;
import dev.tabula.conformance.support.RawClient;
import dev.tabula.conformance.support.RawResponse;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.StorageEngine;
import dev.tabula.engine.memory.MemoryStorageEngine;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * Stack traces only for 5xx: a client's mistake (400, 404, a refused key) logs no stack trace, at
 * most one line; a failure of the server (500 InternalError) logs one error with its trace, naming
 * the request. Checked on everything the server logs, through the root logger of this JVM.
 *
 * <p>Seen to fail (then reverted): with the protocol's 500 logged without its throwable.
 */
class StackTraceLogIT {
  private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
  private final Logger root =
      ((LoggerContext) LoggerFactory.getILoggerFactory()).getLogger(Logger.ROOT_LOGGER_NAME);
  private TabulaServer server;
  private RawClient raw;

  @BeforeEach
  void start() {
    server =
        TabulaServer.start(
            ServerConfig.defaults().withPort(0).withAccounts(TestAccounts.ALL),
            scansFailWithABug(new MemoryStorageEngine()));
    raw = new RawClient(server, TestAccounts.DEVELOPMENT);
    assertThat(raw.post("Tables").json("{\"TableName\":\"traces\"}").send().status())
        .isEqualTo(201);
    logged.start();
    root.addAppender(logged);
  }

  @AfterEach
  void stop() {
    root.detachAppender(logged);
    server.close();
  }

  @Test
  void clientErrors_logNoStackTrace_aServerFailureLogsOneWithItsTrace() {
    assertError(raw.post("traces").json("{\"PartitionKey\":").send(), 400, "InvalidInput");
    assertError(raw.get("traces(PartitionKey='p',RowKey='r')").send(), 404, "ResourceNotFound");
    assertError(
        raw.get("Tables").signWith(TestAccounts.WRONG_KEY).send(), 403, "AuthenticationFailed");

    assertThat(events()).noneMatch(event -> event.getThrowableProxy() != null);
    assertThat(events())
        .singleElement()
        .satisfies(
            refusal -> {
              assertThat(refusal.getLevel()).isEqualTo(Level.WARN);
              assertThat(refusal.getFormattedMessage()).startsWith("Authentication refused");
            });

    RawResponse failed = raw.get("traces()").exchange();

    assertError(failed, 500, "InternalError");
    List<ILoggingEvent> failures =
        events().stream().filter(event -> event.getThrowableProxy() != null).toList();
    assertThat(failures)
        .singleElement()
        .satisfies(
            failure -> {
              assertThat(failure.getLevel()).isEqualTo(Level.ERROR);
              assertThat(failure.getFormattedMessage())
                  .contains(failed.header("x-ms-request-id"))
                  .contains("500 InternalError");
              assertThat(failure.getThrowableProxy().getMessage()).isEqualTo("an engine bug");
              assertThat(failure.getThrowableProxy().getStackTraceElementProxyArray()).isNotEmpty();
            });
  }

  /** What was logged so far; the appender adds under its own lock. */
  private List<ILoggingEvent> events() {
    synchronized (logged) {
      return new ArrayList<>(logged.list);
    }
  }

  /** The engine, except that every scan of entities fails as a bug would. */
  private static StorageEngine scansFailWithABug(StorageEngine engine) {
    EntityStore store = engine.entities();
    EntityStore failing =
        (EntityStore)
            Proxy.newProxyInstance(
                EntityStore.class.getClassLoader(),
                new Class<?>[] {EntityStore.class},
                (proxy, method, args) -> {
                  if (method.getName().startsWith("scan")) {
                    throw new IllegalStateException("an engine bug");
                  }
                  try {
                    return method.invoke(store, args);
                  } catch (InvocationTargetException e) {
                    throw e.getCause();
                  }
                });
    return EntitiesReplaced.of(engine, failing);
  }
}
