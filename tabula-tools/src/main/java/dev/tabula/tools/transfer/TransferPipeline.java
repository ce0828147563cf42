package dev.tabula.tools.transfer;

import dev.tabula.tools.client.BatchOperation;
import dev.tabula.tools.client.TableClient;
import dev.tabula.tools.entity.SourceEntity;
import dev.tabula.tools.format.NumberedEntity;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import org.jspecify.annotations.Nullable;

/**
 * Writes a source's entities into one table: the reading thread groups consecutive rows into
 * transactions ({@link TransactionGrouper}) and hands each to one of {@code concurrency} senders;
 * when all of them are busy it waits, so memory holds at most {@code concurrency} transactions
 * (plus the one being filled) whatever the input's size. A {@link Checkpoint} follows which rows
 * are done, and a resumed run skips them.
 *
 * <p>A stop (Ctrl-C, or the first refused row under fail-fast) ends the reading; the transactions
 * in flight finish, within {@link #STOP_WAIT}.
 */
public final class TransferPipeline {
  /** How long a stop waits for the transactions in flight. */
  static final Duration STOP_WAIT = Duration.ofSeconds(60);

  private static final long SAVE_EVERY_MILLIS = 200;

  private final TableClient client;
  private final Settings settings;
  private final Refusals refusals;
  private final Meter meter;
  private final BooleanSupplier interrupted;
  private final AtomicBoolean failedFast = new AtomicBoolean();
  private final AtomicLong alreadyThere = new AtomicLong();
  private final AtomicReference<@Nullable Exception> failure = new AtomicReference<>();

  /**
   * How to write.
   *
   * @param table the destination table
   * @param kind insert, merge or replace
   * @param concurrency how many transactions may be in flight at once
   * @param failFast whether the first refused row stops the transfer
   */
  public record Settings(
      String table, BatchOperation.Kind kind, int concurrency, boolean failFast) {}

  /**
   * Where the transfer shows how far it got.
   *
   * @param step called with how far the source advanced (in its {@link RowSource#position()} unit)
   * @param note called with a short note of the rows written and refused so far
   */
  public record Meter(LongConsumer step, Consumer<String> note) {}

  /**
   * How a transfer ended.
   *
   * @param written entities written (by this run and the runs it resumed)
   * @param refused rows refused or unreadable, each reported
   * @param alreadyThere rows found already written with the same values by an earlier attempt
   * @param interrupted whether a stop was asked for before the end
   * @param failedFast whether a refused row stopped the transfer
   * @param doneBelow every row numbered below this one is done
   * @param seconds how long this run took
   */
  public record Result(
      long written,
      long refused,
      long alreadyThere,
      boolean interrupted,
      boolean failedFast,
      long doneBelow,
      double seconds) {

    /** One line: entities written, rows refused, seconds, entities per second. */
    public String summary(String task) {
      String line =
          String.format(
              Locale.ROOT,
              "%s: %,d entities written, %,d rows refused, %.1f s, %,.0f entities/s",
              task,
              written,
              refused,
              seconds,
              written / Math.max(seconds, 1e-3));
      if (alreadyThere > 0) {
        line +=
            String.format(
                Locale.ROOT,
                "; %,d rows were already there with the same values, written by an earlier attempt",
                alreadyThere);
      }
      return line;
    }
  }

  /** Saves a checkpoint (an import's state file); called at most every 200 ms and at the end. */
  public interface Saver {
    void save(Checkpoint.Snapshot progress) throws IOException;
  }

  /**
   * @param interrupted whether a stop was asked for (Ctrl-C, SIGTERM)
   */
  public TransferPipeline(
      TableClient client,
      Settings settings,
      Refusals refusals,
      Meter meter,
      BooleanSupplier interrupted) {
    this.client = client;
    this.settings = settings;
    this.refusals = refusals;
    this.meter = meter;
    this.interrupted = interrupted;
  }

  /** Transfers a whole source. */
  public Result run(RowSource source) throws IOException {
    return run(source, Checkpoint.empty(), false, null);
  }

  /**
   * Transfers the rows of a source that {@code from} does not mark done, saving the checkpoint with
   * {@code saver} as it goes (when not null).
   *
   * @throws IOException when the destination cannot be reached after the client's retries (the
   *     checkpoint is saved first: the rows not known to be written are sent again on resume)
   */
  public Result run(
      RowSource source, Checkpoint.Snapshot from, boolean resumed, @Nullable Saver saver)
      throws IOException {
    long start = System.nanoTime();
    Checkpoint checkpoint = new Checkpoint(from);
    TransactionSender sender =
        new TransactionSender(
            client,
            settings.table(),
            settings.kind(),
            refusals,
            resumed ? Long.MAX_VALUE : 0,
            settings.failFast(),
            () -> failedFast.set(true));
    ExecutorService senders = Executors.newFixedThreadPool(settings.concurrency(), daemons());
    Semaphore slots = new Semaphore(settings.concurrency());
    PeriodicSave periodic = new PeriodicSave(checkpoint, saver);
    try {
      read(source, from, checkpoint, new Dispatch(sender, senders, slots, checkpoint));
      awaitInFlight(slots);
    } finally {
      senders.shutdownNow();
      periodic.stop();
    }
    periodic.saveNow();
    Exception failed = failure.get();
    if (failed != null) {
      throw failed instanceof IOException io ? io : new IOException(failed.getMessage(), failed);
    }
    Checkpoint.Snapshot end = checkpoint.snapshot();
    return new Result(
        end.written(),
        end.refused(),
        alreadyThere.get(),
        interrupted.getAsBoolean(),
        failedFast.get(),
        end.doneBelow(),
        (System.nanoTime() - start) / 1e9);
  }

  private boolean stopping() {
    return interrupted.getAsBoolean() || failedFast.get() || failure.get() != null;
  }

  private void read(RowSource source, Checkpoint.Snapshot from, Checkpoint checkpoint, Dispatch to)
      throws IOException {
    TransactionGrouper grouper = new TransactionGrouper();
    long position = source.position();
    long next = from.doneBelow();
    while (!stopping()) {
      NumberedEntity item = source.next();
      long now = source.position();
      meter.step().accept(now - position);
      position = now;
      if (item == null) {
        Transaction last = grouper.flush();
        if (last == null || to.send(last)) {
          checkpoint.readBelow(next);
        }
        return;
      }
      next = item.line() + 1;
      SourceEntity entity = item.entity();
      if (from.isDone(item.line())) {
        // done by the run this one resumes
      } else if (entity == null) {
        if (settings.failFast() && !sendAndAwaitAll(grouper, to)) {
          return;
        }
        refusals.unreadable(item);
        checkpoint.refusedAlone();
        if (settings.failFast()) {
          failedFast.set(true);
        }
      } else {
        Transaction closed = grouper.add(new Row(item.line(), entity, EntitySize.estimate(entity)));
        if (closed != null && !to.send(closed)) {
          return;
        }
      }
      long open = grouper.openFirst();
      checkpoint.readBelow(open >= 0 ? open : next);
    }
  }

  /**
   * Under fail-fast, a row that cannot be read is the first refused one only when every row before
   * it was written: sends the open transaction and waits for all in flight; false when one of them
   * had a refused row (the transfer stops without reporting this one).
   */
  private boolean sendAndAwaitAll(TransactionGrouper grouper, Dispatch to)
      throws InterruptedIOException {
    Transaction before = grouper.flush();
    if (before != null && !to.send(before)) {
      return false;
    }
    awaitInFlight(to.slots);
    return !stopping();
  }

  /** Hands transactions to the senders, waiting for a free one. */
  private final class Dispatch {
    private final TransactionSender sender;
    private final ExecutorService senders;
    private final Semaphore slots;
    private final Checkpoint checkpoint;

    Dispatch(
        TransactionSender sender, ExecutorService senders, Semaphore slots, Checkpoint checkpoint) {
      this.sender = sender;
      this.senders = senders;
      this.slots = slots;
      this.checkpoint = checkpoint;
    }

    /** Sends a transaction once a sender is free; false when the transfer stopped meanwhile. */
    boolean send(Transaction transaction) throws InterruptedIOException {
      try {
        while (!slots.tryAcquire(100, TimeUnit.MILLISECONDS)) {
          if (stopping()) {
            return false;
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted");
      }
      if (stopping()) {
        slots.release();
        return false;
      }
      checkpoint.sent(transaction);
      senders.execute(() -> sendAndRecord(transaction));
      return true;
    }

    private void sendAndRecord(Transaction transaction) {
      try {
        TransactionSender.Outcome outcome = sender.send(transaction);
        checkpoint.done(transaction, outcome.written(), outcome.refused());
        alreadyThere.addAndGet(outcome.alreadyThere());
        meter
            .note()
            .accept(
                String.format(
                    Locale.ROOT,
                    "%,d written, %,d refused",
                    checkpoint.written(),
                    checkpoint.refused()));
      } catch (IOException | RuntimeException e) {
        failure.compareAndSet(null, e);
      } finally {
        slots.release();
      }
    }
  }

  /**
   * Waits for every transaction in flight: as long as they take, or at most {@link #STOP_WAIT} once
   * a stop is asked for.
   */
  private void awaitInFlight(Semaphore slots) throws InterruptedIOException {
    int all = settings.concurrency();
    long deadline = Long.MAX_VALUE;
    try {
      while (!slots.tryAcquire(all, 100, TimeUnit.MILLISECONDS)) {
        if (deadline == Long.MAX_VALUE && interrupted.getAsBoolean()) {
          deadline = System.nanoTime() + STOP_WAIT.toNanos();
        }
        if (System.nanoTime() > deadline) {
          return;
        }
      }
      slots.release(all);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted");
    }
  }

  private static java.util.concurrent.ThreadFactory daemons() {
    AtomicLong count = new AtomicLong();
    return task -> {
      Thread thread = new Thread(task, "transfer-sender-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }

  /** Saves the checkpoint when it changed, at most every 200 ms, from a daemon thread. */
  private static final class PeriodicSave {
    private final Checkpoint checkpoint;
    private final @Nullable Saver saver;
    private final @Nullable Thread thread;
    private long savedVersion = -1;

    PeriodicSave(Checkpoint checkpoint, @Nullable Saver saver) {
      this.checkpoint = checkpoint;
      this.saver = saver;
      if (saver == null) {
        this.thread = null;
        return;
      }
      Thread saving = new Thread(this::loop, "transfer-checkpoint");
      saving.setDaemon(true);
      this.thread = saving;
      saveNow();
      saving.start();
    }

    private void loop() {
      try {
        while (!Thread.currentThread().isInterrupted()) {
          Thread.sleep(SAVE_EVERY_MILLIS);
          saveNow();
        }
      } catch (InterruptedException e) {
        // stopped
      }
    }

    synchronized void saveNow() {
      Saver target = saver;
      long version = checkpoint.version();
      if (target == null || version == savedVersion) {
        return;
      }
      try {
        target.save(checkpoint.snapshot());
        savedVersion = version;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    void stop() {
      Thread saving = thread;
      if (saving != null) {
        saving.interrupt();
        try {
          saving.join(1000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }
}
