package dev.tabula.server;

import java.util.concurrent.Executor;

/**
 * Where a request started on a worker finishes (its {@code OperationContext.finishOn}): right there
 * on the worker while it is still starting the request, which is the case whenever the engine
 * answered before returning (the memory and Cassandra engines, every read); otherwise on the
 * connection's event loop, as a write started on the event loop does. A write the engine commits on
 * a thread of its own (a RocksDB commit lane) thus never builds its answer on that thread, which
 * would hold up the lane's next round, and the worker that started it is free meanwhile.
 *
 * <p>One per request. {@link #leave} is called by the worker when it stops starting the request;
 * tasks handed over from any other thread, or after that, go to the event loop.
 */
final class WorkerFinish implements Executor {
  private final Thread worker = Thread.currentThread();
  private final Executor eventLoop;
  private volatile boolean left;

  /** Made on the worker that starts the request. */
  WorkerFinish(Executor eventLoop) {
    this.eventLoop = eventLoop;
  }

  /**
   * The worker has stopped starting the request: whatever finishes later runs on the event loop.
   */
  void leave() {
    left = true;
  }

  @Override
  public void execute(Runnable task) {
    if (!left && Thread.currentThread() == worker) {
      task.run();
    } else {
      eventLoop.execute(task);
    }
  }
}
