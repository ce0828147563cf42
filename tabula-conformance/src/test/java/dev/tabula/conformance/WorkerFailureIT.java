package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

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
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A failure that escapes the protocol's own error rendering (an {@link Error} thrown by an engine,
 * i.e. a bug) must still be answered: the brief's "never a hang". Before the worker's safety net
 * the worker thread died with the request and the client waited until its own timeout; found when a
 * Cassandra outage made a CORS-rules read throw after the answer was rendered (issue 18, item 6).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WorkerFailureIT {
  private TabulaServer server;
  private RawClient client;

  @BeforeAll
  void startServer() {
    server =
        TabulaServer.start(
            ServerConfig.defaults().withPort(0).withAccounts(TestAccounts.ALL),
            scansFailWithAnError(new MemoryStorageEngine()));
    client = new RawClient(server, TestAccounts.DEVELOPMENT);
  }

  @AfterAll
  void stopServer() {
    server.close();
  }

  @Test
  void anErrorEscapingTheProtocol_isAnswered500InternalError_andTheConnectionServesOn() {
    String table = "workerfailure";
    assertThat(client.post("Tables").json("{\"TableName\":\"" + table + "\"}").send().status())
        .isEqualTo(201);

    RawResponse failed =
        assertTimeoutPreemptively(
            Duration.ofSeconds(15), () -> client.get(table + "()").exchange());

    assertError(failed, 500, "InternalError");
    // The server (and its worker pool) goes on: the next request is answered as usual.
    assertThat(client.get("Tables").send().status()).isEqualTo(200);
  }

  /** The engine, except that every scan of entities throws an {@link AssertionError}. */
  private static StorageEngine scansFailWithAnError(StorageEngine engine) {
    EntityStore store = engine.entities();
    EntityStore failing =
        (EntityStore)
            Proxy.newProxyInstance(
                EntityStore.class.getClassLoader(),
                new Class<?>[] {EntityStore.class},
                (proxy, method, args) -> {
                  if (method.getName().startsWith("scan")) {
                    throw new AssertionError("an engine bug");
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
