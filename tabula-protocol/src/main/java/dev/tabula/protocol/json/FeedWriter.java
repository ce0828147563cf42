package dev.tabula.protocol.json;

import dev.tabula.model.Entity;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Writes Query Entities pages, a long page in two halves at once when a helper thread is free. A
 * client paging through a table waits for each page, and writing 1,000 entities of JSON was most
 * of a page's time on the server while the other core sat idle. The thread that asks writes the
 * first half; a helper takes the second if it gets to it first, else the asking thread writes that
 * too, so a busy or empty helper pool costs nothing but the offer and never makes a page wait.
 * The bytes are exactly {@link EntityJsonWriter#writeFeed}'s. Thread-safe.
 */
public final class FeedWriter {
  /** Pages shorter than this are written by one thread: the hand-off would cost more. */
  static final int MIN_SPLIT = 200;

  private final Executor helpers;

  /**
   * A writer that offers the second half of each long page to {@code helpers}, which may refuse
   * ({@link RejectedExecutionException}) or run it late; null writes every page on the calling
   * thread.
   */
  public FeedWriter(Executor helpers) {
    this.helpers = helpers;
  }

  /** A writer that writes every page on the calling thread. */
  public static FeedWriter sequential() {
    return new FeedWriter(null);
  }

  /** A page of Query Entities results, as {@link EntityJsonWriter#writeFeed} writes it. */
  public byte[] write(
      List<Entity> entities, ODataContext ctx, MetadataLevel level, Set<String> select) {
    if (helpers == null || entities.size() < MIN_SPLIT) {
      return EntityJsonWriter.writeFeed(entities, ctx, level, select);
    }
    Projection projection = Projection.of(select);
    int middle = entities.size() / 2;
    List<Entity> rest = entities.subList(middle, entities.size());
    // "[{…},{…}", left open: its '[' is dropped when the halves are joined.
    Half second = new Half(() -> JsonCodec.writeUnclosed(out -> {
      out.writeStartArray();
      for (Entity entity : rest) {
        EntityJsonWriter.writeEntry(out, entity, ctx, level, projection);
      }
    }));
    offer(second);
    ReusableOutput first;
    try {
      first = JsonCodec.writeUnclosed(out -> {
        EntityJsonWriter.writeFeedStart(out, ctx, level, projection);
        for (Entity entity : entities.subList(0, middle)) {
          EntityJsonWriter.writeEntry(out, entity, ctx, level, projection);
        }
      });
    } catch (RuntimeException | Error e) {
      second.claim();
      throw e;
    }
    try {
      ReusableOutput tail = second.claimOrAwait();
      try {
        return joined(first, tail);
      } finally {
        tail.giveBack();
      }
    } finally {
      first.giveBack();
    }
  }

  private void offer(Half half) {
    try {
      helpers.execute(half);
    } catch (RejectedExecutionException busy) {
      // The asking thread writes it.
    }
  }

  /** {@code {…,"value":[a,b} + {@code [c,d} becomes {@code {…,"value":[a,b,c,d]}}. */
  private static byte[] joined(ReusableOutput first, ReusableOutput tail) {
    byte[] page = new byte[first.size() + tail.size() + 2];
    int at = first.copyTo(0, page, 0);
    page[at++] = ',';
    at = tail.copyTo(1, page, at);
    page[at++] = ']';
    page[at] = '}';
    return page;
  }

  /** Writes a half once, on whichever thread claims it first. */
  private static final class Half implements Runnable {
    private final AtomicBoolean claimed = new AtomicBoolean();
    private final CompletableFuture<ReusableOutput> written = new CompletableFuture<>();
    private final Writing writing;

    Half(Writing writing) {
      this.writing = writing;
    }

    /** The helper's side: writes the half unless the asking thread already took it. */
    @Override
    public void run() {
      if (claim()) {
        write();
      }
    }

    /** True for the one caller that gets to write it. */
    boolean claim() {
      return claimed.compareAndSet(false, true);
    }

    /** The asking thread's side: writes it here if no helper started, else waits for the helper. */
    ReusableOutput claimOrAwait() {
      if (claim()) {
        write();
      }
      try {
        return written.join();
      } catch (CompletionException e) {
        if (e.getCause() instanceof RuntimeException runtime) {
          throw runtime;
        }
        if (e.getCause() instanceof Error error) {
          throw error;
        }
        throw e;
      }
    }

    private void write() {
      try {
        written.complete(writing.write());
      } catch (RuntimeException | Error e) {
        written.completeExceptionally(e);
      }
    }
  }

  @FunctionalInterface
  private interface Writing {
    ReusableOutput write();
  }
}
