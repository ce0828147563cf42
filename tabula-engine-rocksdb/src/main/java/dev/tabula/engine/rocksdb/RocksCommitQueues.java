package dev.tabula.engine.rocksdb;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.Write;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;
import org.rocksdb.RocksDBException;

/**
 * Commits the applies of one partition together ("flat combining"), so a hot partition costs one
 * synced write per round instead of one per apply waiting in line.
 *
 * <p>Partitions are spread over striped queues. An apply joins its queue; the first to find the
 * queue without a leader leads it: it takes everything queued as one round and hands the round to
 * the {@link RoundCommitter}, which plans each apply in arrival order against the state the
 * earlier ones left and persists the round as one synced batch. When the round ends, every member
 * gets its result, and the oldest apply that queued meanwhile is woken to lead the next round; the
 * others wait for theirs without taking the leader's turn. Rounds on one queue never overlap, so
 * each sees the last one whole; queues are independent, and RocksDB joins their syncs.
 *
 * <p>An apply never waits for a lock another apply holds while waiting, so queues that unrelated
 * partitions share cost waiting, never deadlock.
 */
final class RocksCommitQueues {
  /**
   * Plans and persists one round, giving every member a result ({@link Apply#succeed}) once the
   * round is stored, or a failure ({@link Apply#fail}) of its own; throwing fails them all.
   */
  @FunctionalInterface
  interface RoundCommitter {
    void commit(List<Apply> round) throws RocksDBException;
  }

  private final Queue[] queues;
  private final RoundCommitter committer;

  RocksCommitQueues(int count, RoundCommitter committer) {
    queues = new Queue[count];
    for (int i = 0; i < count; i++) {
      queues[i] = new Queue();
    }
    this.committer = committer;
  }

  /**
   * Queues {@code writes} for {@code partitionKey} and returns their result once a round commits
   * them, leading rounds when it is this caller's turn.
   *
   * @throws RocksDBException when the round that held them failed to persist
   */
  ApplyResult apply(long tableId, String partitionKey, List<Write> writes)
      throws RocksDBException {
    Queue queue = queues[stripe(tableId, partitionKey)];
    Apply mine = new Apply(tableId, partitionKey, writes, Thread.currentThread());
    boolean leads;
    synchronized (queue) {
      queue.waiting.add(mine);
      leads = !queue.led;
      queue.led = true;
    }
    if (!leads) {
      mine.awaitSettledOrTurn();
    }
    if (!mine.settled()) {
      lead(queue);
    }
    return mine.outcome();
  }

  /** Commits one round of {@code queue}, then passes the lead on (or gives it up). */
  private void lead(Queue queue) {
    List<Apply> round;
    synchronized (queue) {
      round = new ArrayList<>(queue.waiting);
      queue.waiting.clear();
    }
    try {
      committer.commit(round);
    } catch (RocksDBException | RuntimeException | Error e) {
      // Nothing of the round is stored, and a rejection may rest on a member's write that never
      // happened: every member fails.
      round.forEach(apply -> apply.fail(e));
    }
    Apply next;
    synchronized (queue) {
      next = queue.waiting.peek();
      queue.led = next != null;
    }
    if (next != null) {
      next.takeTurn(); // first: the next round's sync is what the queue waits for
    }
    for (Apply apply : round) {
      apply.settle();
    }
  }

  private int stripe(long tableId, String partitionKey) {
    int h = partitionKey.hashCode() * 31 + Long.hashCode(tableId);
    h ^= h >>> 16; // spread high bits into the masked low bits
    return h & (queues.length - 1);
  }

  /** One stripe: applies waiting for a round, and whether some thread leads it. */
  private static final class Queue {
    final ArrayDeque<Apply> waiting = new ArrayDeque<>();
    boolean led;
  }

  /** One queued apply and how it ended; settled once, by the round that held it. */
  static final class Apply {
    final long tableId;
    final String partitionKey;
    final List<Write> writes;
    private final Thread caller;
    private volatile boolean done;
    private volatile boolean turn;
    private ApplyResult result;
    private Throwable failure;

    Apply(long tableId, String partitionKey, List<Write> writes, Thread caller) {
      this.tableId = tableId;
      this.partitionKey = Objects.requireNonNull(partitionKey, "partitionKey");
      this.writes = List.copyOf(writes);
      this.caller = caller;
    }

    /** Its result: to be set only once the round is stored. Published when the round ends. */
    void succeed(ApplyResult applied) {
      result = Objects.requireNonNull(applied, "applied");
      failure = null;
    }

    /** Its failure, published to the caller when the round ends. */
    void fail(Throwable cause) {
      failure = Objects.requireNonNull(cause, "cause");
      result = null;
    }

    /** Publishes its outcome to the caller and wakes it. */
    private void settle() {
      if (result == null && failure == null) {
        failure = new IllegalStateException("the round committer left an apply unsettled");
      }
      done = true; // volatile: publishes result and failure
      if (caller != Thread.currentThread()) {
        LockSupport.unpark(caller);
      }
    }

    private boolean settled() {
      return done;
    }

    private void takeTurn() {
      turn = true;
      LockSupport.unpark(caller);
    }

    private void awaitSettledOrTurn() {
      boolean interrupted = false;
      // A queued apply cannot be withdrawn (a leader may be committing it), so interrupts wait.
      while (!done && !turn) {
        LockSupport.park(this);
        interrupted |= Thread.interrupted();
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }

    private ApplyResult outcome() throws RocksDBException {
      if (failure instanceof RocksDBException e) {
        throw e;
      }
      if (failure instanceof RuntimeException e) {
        throw e;
      }
      if (failure instanceof Error e) {
        throw e;
      }
      return result;
    }
  }
}
