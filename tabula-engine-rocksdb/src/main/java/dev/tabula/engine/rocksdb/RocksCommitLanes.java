package dev.tabula.engine.rocksdb;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.Write;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * Commits applies in rounds on a few lanes, each with its own committer thread, so that callers
 * never wait: an apply joins the lane of its partition and gets a stage that completes when a round
 * has stored it.
 *
 * <p>A lane's thread takes everything queued on it as one round and hands the round to the {@link
 * RoundCommitter}, which plans each apply in arrival order against the state the earlier ones left
 * and persists the round as one synced batch; then every member's stage completes. Applies that
 * arrive meanwhile make the next round, so a busy lane costs one synced write per round rather than
 * one per apply, however many partitions or callers there are, and no caller thread is blocked or
 * woken on the way. A partition always uses the same lane, so its rounds never overlap and each
 * sees the last one whole; lanes are independent, and RocksDB joins their syncs.
 *
 * <p>Stages complete on the lane's thread: what callers chain on them runs there unless they hand
 * it to an executor of their own, and it delays the lane's next round. It must never wait for
 * another apply, which may need the same lane.
 */
final class RocksCommitLanes implements AutoCloseable {
  /**
   * Plans and persists one round, giving every member a result ({@link Apply#succeed}) once the
   * round is stored, or a failure ({@link Apply#fail}) of its own; throwing fails them all.
   */
  @FunctionalInterface
  interface RoundCommitter {
    void commit(List<Apply> round) throws Exception;
  }

  private final Lane[] lanes;
  private final RoundCommitter committer;

  /**
   * Starts {@code count} lanes (a power of two), each with a daemon thread named after {@code
   * threadName}.
   */
  RocksCommitLanes(int count, String threadName, RoundCommitter committer) {
    if (count <= 0 || Integer.bitCount(count) != 1) {
      throw new IllegalArgumentException("lanes must be a power of two: " + count);
    }
    this.committer = Objects.requireNonNull(committer, "committer");
    lanes = new Lane[count];
    for (int i = 0; i < count; i++) {
      lanes[i] = new Lane();
      Thread thread = new Thread(lanes[i]::run, threadName + i);
      thread.setDaemon(true);
      lanes[i].thread = thread;
      thread.start();
    }
  }

  /**
   * Queues {@code writes} for {@code partitionKey}, with a change group kept for {@code
   * feedRetention} when that is not null; the stage completes with their result once a round stored
   * them, or exceptionally with what kept them from it. Never waits.
   */
  CompletableFuture<ApplyResult> submit(
      long tableId, Duration feedRetention, String partitionKey, List<Write> writes) {
    Apply apply = new Apply(tableId, feedRetention, partitionKey, writes);
    lanes[lane(tableId, partitionKey)].add(apply);
    return apply.stage;
  }

  /**
   * Stops taking applies (later ones fail with {@link IllegalStateException}), lets every lane
   * commit what it has queued, and waits for them to finish.
   */
  @Override
  public void close() {
    for (Lane lane : lanes) {
      lane.stop();
    }
    boolean interrupted = false;
    for (Lane lane : lanes) {
      while (lane.thread.isAlive()) {
        try {
          lane.thread.join();
        } catch (InterruptedException e) {
          interrupted = true; // queued applies are owed an outcome: keep waiting
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private int lane(long tableId, String partitionKey) {
    int h = partitionKey.hashCode() * 31 + Long.hashCode(tableId);
    h ^= h >>> 16; // spread high bits into the masked low bits
    return h & (lanes.length - 1);
  }

  /** Commits one round, then completes its members' stages. */
  private void commit(List<Apply> round) {
    try {
      committer.commit(round);
    } catch (Exception | Error e) {
      // Nothing of the round is stored, and a rejection may rest on a member's write that never
      // happened: every member fails.
      round.forEach(apply -> apply.fail(e));
    }
    for (Apply apply : round) {
      apply.settle();
    }
  }

  /** One lane: the applies waiting for its next round, and the thread that commits them. */
  private final class Lane {
    private final ArrayDeque<Apply> waiting = new ArrayDeque<>();
    private boolean stopped;
    private Thread thread;

    void add(Apply apply) {
      synchronized (this) {
        if (!stopped) {
          waiting.add(apply);
          if (waiting.size() == 1) {
            notify(); // the thread may be waiting for work; later adds find it busy or notified
          }
          return;
        }
      }
      apply.fail(new IllegalStateException("the storage engine is closed"));
      apply.settle();
    }

    synchronized void stop() {
      stopped = true;
      notify();
    }

    void run() {
      List<Apply> round;
      while ((round = nextRound()) != null) {
        commit(round);
      }
    }

    /** Everything queued, once there is something; null once stopped with nothing left. */
    private synchronized List<Apply> nextRound() {
      while (waiting.isEmpty()) {
        if (stopped) {
          return null;
        }
        try {
          wait();
        } catch (InterruptedException e) {
          // Nobody else interrupts this thread; stopping is signalled by notify.
        }
      }
      List<Apply> round = new ArrayList<>(waiting);
      waiting.clear();
      return round;
    }
  }

  /** One queued apply and how it ended; settled once, by the round that held it. */
  static final class Apply {
    final long tableId;

    /** The table's change-feed retention, or null when it has no feed. */
    final Duration feedRetention;

    final String partitionKey;
    final List<Write> writes;
    private final CompletableFuture<ApplyResult> stage = new CompletableFuture<>();
    private ApplyResult result;
    private Throwable failure;

    Apply(long tableId, Duration feedRetention, String partitionKey, List<Write> writes) {
      this.tableId = tableId;
      this.feedRetention = feedRetention;
      this.partitionKey = Objects.requireNonNull(partitionKey, "partitionKey");
      this.writes = List.copyOf(writes);
    }

    /** Its result: to be set only once the round is stored. Published when the round ends. */
    void succeed(ApplyResult applied) {
      result = Objects.requireNonNull(applied, "applied");
      failure = null;
    }

    /** Its failure, published when the round ends. */
    void fail(Throwable cause) {
      failure = Objects.requireNonNull(cause, "cause");
      result = null;
    }

    /** Completes its stage with its outcome. */
    private void settle() {
      if (failure != null) {
        stage.completeExceptionally(failure);
      } else if (result != null) {
        stage.complete(result);
      } else {
        stage.completeExceptionally(
            new IllegalStateException("the round committer left an apply unsettled"));
      }
    }
  }
}
