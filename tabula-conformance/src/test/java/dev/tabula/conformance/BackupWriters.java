package dev.tabula.conformance;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Clients that write without pause through the Azure SDK and record every write the server
 * acknowledged, with the moment ({@link System#nanoTime()}) the acknowledgement arrived: each
 * writer inserts {@code w<writer>/<sequence>} one at a time, in order, and every tenth write is a
 * $batch of {@value #BATCH} entities in a partition of its own ({@code b<writer>-<sequence>}).
 */
final class BackupWriters implements AutoCloseable {
  static final int BATCH = 100;

  /** One acknowledged write: a single insert, or a whole batch (its partition). */
  record Acknowledged(String partitionKey, String rowKey, boolean batch, long ackNanos) {}

  private final AtomicBoolean stop = new AtomicBoolean();
  private final AtomicReference<Throwable> failure = new AtomicReference<>();
  private final ConcurrentLinkedQueue<Acknowledged> acknowledged = new ConcurrentLinkedQueue<>();
  private final List<Thread> threads = new ArrayList<>();

  /** Starts {@code writers} threads writing to {@code table}. */
  BackupWriters(TableClient table, int writers) {
    for (int w = 0; w < writers; w++) {
      int writer = w;
      Thread thread = new Thread(() -> write(table, writer), "backup-writer-" + w);
      thread.setDaemon(true);
      threads.add(thread);
      thread.start();
    }
  }

  private void write(TableClient table, int writer) {
    try {
      for (long seq = 0; !stop.get(); seq++) {
        if (seq % 10 == 9) {
          String partition = "b" + writer + "-" + seq;
          List<TableTransactionAction> actions = new ArrayList<>();
          for (int i = 0; i < BATCH; i++) {
            actions.add(
                new TableTransactionAction(
                    TableTransactionActionType.CREATE,
                    new TableEntity(partition, String.format("%03d", i)).addProperty("Seq", seq)));
          }
          table.submitTransaction(actions);
          acknowledged.add(new Acknowledged(partition, "", true, System.nanoTime()));
        } else {
          String row = String.format("%09d", seq);
          table.createEntity(new TableEntity("w" + writer, row).addProperty("Seq", seq));
          acknowledged.add(new Acknowledged("w" + writer, row, false, System.nanoTime()));
        }
      }
    } catch (RuntimeException e) {
      failure.compareAndSet(null, e);
    }
  }

  /** How many writes were acknowledged so far. */
  int count() {
    return acknowledged.size();
  }

  /** Every write acknowledged so far. */
  List<Acknowledged> acknowledged() {
    return List.copyOf(acknowledged);
  }

  /** Stops the writers and waits for them; fails if one failed. */
  @Override
  public void close() throws InterruptedException {
    stop.set(true);
    for (Thread thread : threads) {
      thread.join(30_000);
    }
    if (failure.get() != null) {
      throw new AssertionError("a writer failed", failure.get());
    }
  }
}
