package dev.tabula.server;

import io.netty.channel.Channel;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * The server's client connections and the requests in flight on them (read whole, not yet
 * answered), so that a stopping server can let those requests finish before it closes ({@link
 * #drain}). {@link HttpExchangeHandler} counts each request it starts, and each it answers or
 * abandons when its connection closes first. Thread-safe.
 */
final class InFlightRequests {
  /**
   * The event each connection's pipeline gets when the server starts draining: a connection with no
   * request in hand closes at once, one with a request closes once it is answered.
   */
  enum DrainEvent {
    INSTANCE
  }

  private final ChannelGroup connections =
      new DefaultChannelGroup("tabula-connections", GlobalEventExecutor.INSTANCE);
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger answeredWhileDraining = new AtomicInteger();
  private volatile @Nullable CountDownLatch drained;

  /** Tracks a new connection; it leaves the group by itself when it closes. */
  void track(Channel connection) {
    connections.add(connection);
  }

  void started() {
    inFlight.incrementAndGet();
  }

  /** A request started was answered. */
  void answered() {
    if (drained != null) {
      answeredWhileDraining.incrementAndGet();
    }
    finished();
  }

  /** A request started will not be answered: its connection closed first. */
  void abandoned() {
    finished();
  }

  private void finished() {
    int left = inFlight.decrementAndGet();
    CountDownLatch latch = drained;
    if (latch != null && left == 0) {
      latch.countDown();
    }
  }

  /** The requests in flight now. */
  int count() {
    return inFlight.get();
  }

  /**
   * Tells every connection to drain, waits up to {@code timeout} for the requests in flight to be
   * answered, then closes every connection left. Call it once the listeners are closed, so that no
   * connection is added meanwhile.
   *
   * @return the requests answered during the drain, and those cut off
   */
  Drained drain(Duration timeout) {
    long begin = System.nanoTime();
    CountDownLatch latch = new CountDownLatch(1);
    drained = latch;
    // Each connection takes the event on its own event loop; once all have, no request starts any
    // more, so a count of zero afterwards stays zero.
    List<Future<?>> told = new ArrayList<>();
    for (Channel connection : connections) {
      told.add(
          connection
              .eventLoop()
              .submit(() -> connection.pipeline().fireUserEventTriggered(DrainEvent.INSTANCE)));
    }
    for (Future<?> future : told) {
      future.awaitUninterruptibly(timeout.toMillis());
    }
    boolean idle = inFlight.get() == 0;
    try {
      long left = timeout.toNanos() - (System.nanoTime() - begin);
      idle = idle || latch.await(Math.max(0, left), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    int cutOff = idle ? 0 : inFlight.get();
    int answered = answeredWhileDraining.get();
    connections.close().awaitUninterruptibly(timeout.toMillis() + 1000);
    return new Drained(answered, cutOff, Duration.ofNanos(System.nanoTime() - begin));
  }
}
