package dev.tabula.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.core.AccessPolicyService;
import dev.tabula.core.BatchService;
import dev.tabula.core.EntityService;
import dev.tabula.core.NonBlockingCalls;
import dev.tabula.core.TableService;
import dev.tabula.core.TableSettingsService;
import dev.tabula.core.index.IndexBuilds;
import dev.tabula.core.properties.ServicePropertiesService;
import dev.tabula.engine.Catalog;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.memory.MemoryStorageEngine;
import dev.tabula.model.Attempt;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.protocol.ClassifiedRequest;
import dev.tabula.protocol.TableProtocol;
import dev.tabula.protocol.auth.AccessGrant;
import dev.tabula.protocol.auth.AuthResult;
import dev.tabula.protocol.auth.AuthScheme;
import dev.tabula.protocol.auth.RequestAuthenticator;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The protocol's two ways to answer, over an engine that finds tables in memory but would have to
 * wait for every entity read and write: a request the event loop may try is classified and admitted
 * there once, and when the engine says it would wait, nothing of it has happened and a worker
 * answers it from that classification and admission, without authenticating it again.
 */
class TableProtocolFastPathTest {
  private static final String ACCOUNT = "devstoreaccount1";

  private final MemoryStorageEngine memory = new MemoryStorageEngine();
  private final AtomicInteger authentications = new AtomicInteger();
  private final ServicePropertiesService properties =
      new ServicePropertiesService(memory.accountSettings());
  private final TableProtocol protocol = protocol();

  @AfterEach
  void close() {
    memory.close();
  }

  @Test
  void aPointReadThatWouldWait_isAnsweredByTheWorker_withoutAuthenticatingTwice() {
    properties.get(ACCOUNT); // the account's CORS rules are in memory
    TableService tables = new TableService(memory.catalog());
    tables.createTable(ACCOUNT, "fast");
    new EntityService(tables, memory.entities(), 1000)
        .insert(ACCOUNT, "fast", Entity.unsaved("p", "r", Map.of()))
        .join();
    ClassifiedRequest read =
        protocol.classify(request("GET", "/fast(PartitionKey='p',RowKey='r')"), "http");

    assertThat(protocol.triesWithoutWaiting(read)).isTrue();
    assertThat(protocol.tryHandle(read, Runnable::run)).isInstanceOf(Attempt.WouldWait.class);
    assertThat(authentications).hasValue(1);

    ServiceResponse answer = protocol.handle(read);

    assertThat(answer.status()).isEqualTo(200);
    assertThat(authentications).as("admitted once, on the event loop").hasValue(1);
  }

  @Test
  void aWriteThatWouldWait_hasNoEffect_untilTheWorkerWritesIt() {
    properties.get(ACCOUNT);
    new TableService(memory.catalog()).createTable(ACCOUNT, "fast");
    ClassifiedRequest upsert =
        protocol.classify(
            request("PUT", "/fast(PartitionKey='p',RowKey='w')", "{\"v\":1}"), "http");

    assertThat(protocol.tryHandle(upsert, Runnable::run)).isInstanceOf(Attempt.WouldWait.class);
    assertThat(storedW()).as("nothing was written").isFalse();

    assertThat(protocol.handle(upsert).status()).isEqualTo(204);
    assertThat(storedW()).isTrue();
    assertThat(authentications).hasValue(1);
  }

  @Test
  void aReadWhoseCorsRulesAreNotInMemory_wouldWait_beforeAuthentication() {
    ClassifiedRequest read = protocol.classify(request("GET", "/Tables('fast')"), "http");

    assertThat(protocol.tryHandle(read, Runnable::run)).isInstanceOf(Attempt.WouldWait.class);
    assertThat(authentications).hasValue(0);
    assertThat(protocol.handle(read).status()).isEqualTo(404);
  }

  @Test
  void aQuery_isNotTriedOnTheEventLoop() {
    properties.get(ACCOUNT);
    ClassifiedRequest query = protocol.classify(request("GET", "/fast()"), "http");

    assertThat(protocol.triesWithoutWaiting(query)).isFalse();
    assertThat(protocol.tryHandle(query, Runnable::run)).isInstanceOf(Attempt.WouldWait.class);
    assertThat(authentications).hasValue(0);
  }

  private boolean storedW() {
    long id = memory.catalog().findTable(ACCOUNT, "fast").orElseThrow().id();
    return memory.entities().read(id, new EntityKey("p", "w")).isPresent();
  }

  private TableProtocol protocol() {
    Catalog catalog = tablesInMemory(memory.catalog());
    EntityStore store = entitiesWouldWait(memory.entities());
    TableService tables = new TableService(catalog);
    EntityService entities = new EntityService(tables, store, 1000);
    RequestAuthenticator counting =
        new RequestAuthenticator() {
          @Override
          public boolean accepts(ServiceRequest request) {
            return true;
          }

          @Override
          public AuthResult authenticate(ServiceRequest request, String account, String path) {
            authentications.incrementAndGet();
            return new AuthResult(account, AuthScheme.SHARED_KEY, AccessGrant.OWNER);
          }
        };
    return new TableProtocol(
        tables,
        entities,
        new BatchService(tables, store),
        new AccessPolicyService(catalog),
        new TableSettingsService(
            catalog,
            memory.capabilities(),
            new IndexBuilds(catalog, store, IndexBuilds.Listener.NONE)),
        properties,
        Set.of(ACCOUNT),
        counting,
        Clock.systemUTC(),
        new NonBlockingCalls(true, true),
        "Tabula/test");
  }

  private static ServiceRequest request(String method, String path) {
    return request(method, path, "");
  }

  private static ServiceRequest request(String method, String path, String body) {
    return new ServiceRequest(
        method,
        "/" + ACCOUNT + path,
        Map.of(
            "x-ms-version", List.of("2019-02-02"),
            "Accept", List.of("application/json;odata=nometadata"),
            "Content-Type", List.of("application/json")),
        body.getBytes(StandardCharsets.UTF_8));
  }

  /** The memory engine's catalog, whose tables are also found by the call that never waits. */
  private static Catalog tablesInMemory(Catalog catalog) {
    return delegate(
        Catalog.class,
        catalog,
        (name, args) ->
            name.equals("tryFindTable")
                ? Attempt.answered(catalog.findTable((String) args[0], (String) args[1]))
                : null);
  }

  /** The memory engine's entities, whose calls that never wait all say they would wait. */
  private static EntityStore entitiesWouldWait(EntityStore store) {
    return delegate(
        EntityStore.class,
        store,
        (name, args) -> name.startsWith("try") ? Attempt.wouldWait() : null);
  }

  /** A proxy that answers what {@code override} answers (non-null) and delegates the rest. */
  private static <T> T delegate(Class<T> type, T target, Answers override) {
    return type.cast(
        Proxy.newProxyInstance(
            type.getClassLoader(),
            new Class<?>[] {type},
            (proxy, method, args) -> {
              Object answer = override.answer(method.getName(), args);
              if (answer != null) {
                return answer;
              }
              try {
                return method.invoke(target, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            }));
  }

  @FunctionalInterface
  private interface Answers {
    Object answer(String method, Object[] args);
  }
}
