package dev.tabula.server;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** The server's pools' thread factory: daemon threads named {@code prefix1}, {@code prefix2}... */
final class DaemonThreads {
  private DaemonThreads() {}

  static ThreadFactory named(String prefix) {
    AtomicInteger counter = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, prefix + counter.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
