package dev.tabula.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The long polls waiting on change feeds, for an engine's {@link ChangeFeed#awaitAfter}: a waiter
 * registers with the position it has read up to, and the engine signals each table whose readable
 * feed moved past it. Checking after registering (in {@link #await}) and signalling after the feed
 * moved mean no wake-up is lost. Thread-safe; a cancelled waiter is forgotten at once.
 */
public final class FeedWaiters {
  /** The newest position of a table's feed a reader may read now, or less when unknown. */
  @FunctionalInterface
  public interface Readable {
    long latest(long tableId);
  }

  private final Map<Long, List<Waiter>> waiting = new HashMap<>();
  private final Readable readable;

  public FeedWaiters(Readable readable) {
    this.readable = readable;
  }

  /** The stage {@link ChangeFeed#awaitAfter} returns. */
  public CompletableFuture<Void> await(long tableId, long after) {
    Waiter waiter = new Waiter(after, new CompletableFuture<>());
    synchronized (this) {
      waiting.computeIfAbsent(tableId, id -> new ArrayList<>()).add(waiter);
    }
    waiter.stage.whenComplete((done, failure) -> forget(tableId, waiter));
    if (readable.latest(tableId) > after) {
      waiter.stage.complete(null);
    }
    return waiter.stage;
  }

  /** Wakes the waiters of {@code tableId} behind its readable feed. */
  public void signal(long tableId) {
    long latest = readable.latest(tableId);
    List<Waiter> woken = new ArrayList<>();
    synchronized (this) {
      List<Waiter> list = waiting.get(tableId);
      if (list == null) {
        return;
      }
      for (Iterator<Waiter> it = list.iterator(); it.hasNext(); ) {
        Waiter waiter = it.next();
        if (waiter.after < latest) {
          woken.add(waiter);
          it.remove();
        }
      }
      if (list.isEmpty()) {
        waiting.remove(tableId);
      }
    }
    woken.forEach(waiter -> waiter.stage.complete(null)); // outside the lock: callers chain on it
  }

  /** Signals every table someone waits on, as {@link #signal} does. */
  public void signalAll() {
    List<Long> tables;
    synchronized (this) {
      tables = List.copyOf(waiting.keySet());
    }
    tables.forEach(this::signal);
  }

  /** Wakes every waiter of {@code tableId}: its table was deleted. */
  public void release(long tableId) {
    List<Waiter> woken;
    synchronized (this) {
      woken = waiting.remove(tableId);
    }
    if (woken != null) {
      woken.forEach(waiter -> waiter.stage.complete(null));
    }
  }

  private synchronized void forget(long tableId, Waiter waiter) {
    List<Waiter> list = waiting.get(tableId);
    if (list != null && list.remove(waiter) && list.isEmpty()) {
      waiting.remove(tableId);
    }
  }

  private record Waiter(long after, CompletableFuture<Void> stage) {}
}
