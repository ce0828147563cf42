package dev.tabula.conformance.support;

import dev.tabula.engine.AccountSettings;
import dev.tabula.engine.Capability;
import dev.tabula.engine.Catalog;
import dev.tabula.engine.ChangeFeed;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.Readiness;
import dev.tabula.engine.StorageEngine;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * A storage engine that passes every call to another one through a gate. A test can {@link
 * #holdNextCall() hold} the next call (whatever it is) until it releases it, so it knows a worker
 * thread is busy without sleeping; and the engine records the name of every thread that called it,
 * so a test can check engine calls that may wait never run on the network event loops. Calls inside
 * that never wait (the {@code try} calls: {@link EntityStore#tryRead}, {@link
 * Catalog#tryFindTable}, {@link EntityStore#tryApplyAsync}) pass straight through, and are recorded
 * apart. So do, unrecorded, the calls of the server's own background threads (the index builder's
 * start-up pass over the tables, the time-to-live sweep), which serve no request and must never
 * take a hold meant for one. Thread-safe.
 */
public final class GatedEngine implements StorageEngine {
  /** A held call is let go after this long even if the test never releases it. */
  private static final Duration MAX_HOLD = Duration.ofSeconds(60);

  /** The server's background threads (IndexBuilds, ExpirySweeper), which serve no request. */
  private static final List<String> BACKGROUND = List.of("tabula-index-build", "tabula-ttl-sweep");

  private final StorageEngine engine;
  private final Catalog catalog;
  private final EntityStore entities;
  private final AccountSettings settings;
  private final AtomicReference<Hold> nextHold = new AtomicReference<>();
  private final Set<String> callerThreads = ConcurrentHashMap.newKeySet();
  private final Set<String> nonBlockingCallerThreads = ConcurrentHashMap.newKeySet();
  private final Set<String> calls = ConcurrentHashMap.newKeySet();
  private final Set<String> nonBlockingCalls = ConcurrentHashMap.newKeySet();
  private final ConcurrentHashMap<String, LongAdder> counts = new ConcurrentHashMap<>();

  public GatedEngine(StorageEngine engine) {
    this.engine = engine;
    this.catalog = gated(Catalog.class, engine.catalog());
    this.entities = gated(EntityStore.class, engine.entities());
    this.settings = gated(AccountSettings.class, engine.accountSettings());
  }

  /** Holds the next engine call, from any thread, until {@link Hold#release()}. */
  public Hold holdNextCall() {
    Hold hold = new Hold();
    nextHold.set(hold);
    return hold;
  }

  /** The names of every thread that has made an engine call that may wait, so far. */
  public Set<String> callerThreads() {
    return Set.copyOf(callerThreads);
  }

  /** The names of every thread that has made a call that never waits, so far. */
  public Set<String> nonBlockingCallerThreads() {
    return Set.copyOf(nonBlockingCallerThreads);
  }

  /** The engine methods called so far that may wait. */
  public Set<String> calls() {
    return Set.copyOf(calls);
  }

  /** How many times the engine method {@code name} has been called so far, from any thread. */
  public long count(String name) {
    LongAdder count = counts.get(name);
    return count == null ? 0 : count.sum();
  }

  /** The engine methods called so far that never wait, answered or not. */
  public Set<String> nonBlockingCalls() {
    return Set.copyOf(nonBlockingCalls);
  }

  @Override
  public Catalog catalog() {
    return catalog;
  }

  @Override
  public EntityStore entities() {
    return entities;
  }

  @Override
  public AccountSettings accountSettings() {
    return settings;
  }

  @Override
  public ChangeFeed changeFeed() {
    return engine.changeFeed();
  }

  @Override
  public Set<Capability> capabilities() {
    return engine.capabilities();
  }

  @Override
  public Readiness readiness() {
    return engine.readiness();
  }

  @Override
  public void close() {
    Hold pending = nextHold.getAndSet(null);
    if (pending != null) {
      pending.release();
    }
    engine.close();
  }

  private <T> T gated(Class<T> type, T target) {
    InvocationHandler handler =
        (proxy, method, args) -> {
          if (method.getDeclaringClass() == Object.class) {
            return method.invoke(target, args);
          }
          String thread = Thread.currentThread().getName();
          if (BACKGROUND.contains(thread)) {
            return invoke(method, target, args);
          }
          counts.computeIfAbsent(method.getName(), name -> new LongAdder()).increment();
          if (method.getName().startsWith("try")) {
            // A call that must not wait (from a network thread) passes the gate untouched.
            nonBlockingCallerThreads.add(thread);
            nonBlockingCalls.add(method.getName());
            return invoke(method, target, args);
          }
          callerThreads.add(thread);
          calls.add(method.getName());
          Hold hold = nextHold.getAndSet(null);
          if (hold != null) {
            hold.block();
          }
          return invoke(method, target, args);
        };
    return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
  }

  private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /** One held call: the test waits until it is held, then lets it go. */
  public static final class Hold {
    private final CountDownLatch held = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);

    /** Waits (at most {@code timeout}) until an engine call is held; false if none came. */
    public boolean awaitHeld(Duration timeout) throws InterruptedException {
      return held.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Lets the held call (or the next one, if none is held yet) proceed. */
    public void release() {
      released.countDown();
    }

    private void block() throws InterruptedException {
      held.countDown();
      released.await(MAX_HOLD.toMillis(), TimeUnit.MILLISECONDS);
    }
  }
}
