package dev.tabula.server;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The threads that write the second half of long query pages (see {@link
 * dev.tabula.protocol.json.FeedWriter}): one fewer than the processors, at least one. Its queue
 * is as short as the pool, and a full one refuses: a refused half is written by the worker that
 * asked, so under load the helpers add nothing but never hold a page back.
 */
final class FeedHelpers extends ThreadPoolExecutor {

  FeedHelpers() {
    this(Math.max(1, Runtime.getRuntime().availableProcessors() - 1));
  }

  private FeedHelpers(int threads) {
    super(
        threads,
        threads,
        60,
        TimeUnit.SECONDS,
        new ArrayBlockingQueue<>(threads),
        DaemonThreads.named("tabula-feed-"),
        new AbortPolicy());
  }
}
