package dev.tabula.conformance.crash;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The writes a disk-full test sent and how each ended, and the check of what a server holds
 * afterwards: every acknowledged write is there with its bytes, no refused one (503 for lack of
 * space) is there even in part, and a write whose answer never came (the server was killed) is
 * there whole or not at all. Single inserts go to partition {@value #SINGLES}; a batch of {@value
 * #BATCH_SIZE} inserts has a partition of its own. Thread-safe.
 */
final class DiskFullLedger {
  static final String SINGLES = "p";
  static final int BATCH_SIZE = 10;

  enum Outcome {
    ACKNOWLEDGED,
    REFUSED,
    UNKNOWN
  }

  private final Map<String, Outcome> singles = new LinkedHashMap<>();
  private final Map<String, Outcome> batches = new LinkedHashMap<>();
  private final List<String> unexpected = new ArrayList<>();

  /** Inserts {@code rowKey} with {@code bytes} of data and records how it ended. */
  Outcome insert(TableClient table, String rowKey, int bytes) {
    Outcome outcome = send(() -> table.createEntity(entity(SINGLES, rowKey, bytes)), rowKey);
    record(singles, rowKey, outcome);
    return outcome;
  }

  /** Inserts a batch of {@value #BATCH_SIZE} entities in partition {@code partition}. */
  Outcome batch(TableClient table, String partition, int bytes) {
    List<TableTransactionAction> actions = new ArrayList<>();
    for (int i = 0; i < BATCH_SIZE; i++) {
      actions.add(
          new TableTransactionAction(
              TableTransactionActionType.CREATE, entity(partition, "r" + i, bytes)));
    }
    Outcome outcome = send(() -> table.submitTransaction(actions), partition);
    record(batches, partition, outcome);
    return outcome;
  }

  private Outcome send(Runnable write, String what) {
    try {
      write.run();
      return Outcome.ACKNOWLEDGED;
    } catch (TableServiceException e) {
      if (isRefusedForSpace(e)) {
        return Outcome.REFUSED;
      }
      synchronized (this) {
        unexpected.add(what + ": " + e.getResponse().getStatusCode() + " " + e.getMessage());
      }
      return Outcome.UNKNOWN;
    } catch (RuntimeException e) {
      return Outcome.UNKNOWN; // no answer: the server was killed
    }
  }

  /** A 503 ServerBusy that says the disk is full, as a refused write must be answered. */
  static boolean isRefusedForSpace(TableServiceException e) {
    return e.getResponse().getStatusCode() == 503
        && "ServerBusy".equals(e.getResponse().getHeaders().getValue("x-ms-error-code"))
        && String.valueOf(e.getValue().getErrorMessage()).contains("out of disk space");
  }

  private synchronized void record(Map<String, Outcome> writes, String key, Outcome outcome) {
    writes.put(key, outcome);
  }

  synchronized long count(Outcome outcome) {
    return singles.values().stream().filter(outcome::equals).count()
        + batches.values().stream().filter(outcome::equals).count();
  }

  /** Answers other than success or a 503 for lack of space (there must be none). */
  synchronized List<String> unexpectedAnswers() {
    return List.copyOf(unexpected);
  }

  /** Every way the whole table, as {@code table} returns it, breaks the ledger. */
  synchronized List<String> violations(TableClient table) {
    Map<String, byte[]> stored = new HashMap<>();
    List<String> violations = new ArrayList<>();
    for (TableEntity e : table.listEntities()) {
      byte[] data = (byte[]) e.getProperty("data");
      if (!Arrays.equals(data, data(e.getPartitionKey(), e.getRowKey(), data.length))) {
        violations.add("damaged: " + e.getPartitionKey() + "/" + e.getRowKey());
      }
      stored.put(e.getPartitionKey() + "/" + e.getRowKey(), data);
    }
    singles.forEach(
        (rowKey, outcome) ->
            check(
                violations,
                "insert " + rowKey,
                outcome,
                stored.containsKey(SINGLES + "/" + rowKey) ? BATCH_SIZE : 0));
    batches.forEach(
        (partition, outcome) -> {
          int found = 0;
          for (int i = 0; i < BATCH_SIZE; i++) {
            found += stored.containsKey(partition + "/r" + i) ? 1 : 0;
          }
          check(violations, "batch " + partition, outcome, found);
        });
    return violations;
  }

  /** {@code found} of {@value #BATCH_SIZE} (a single insert counts as all or none). */
  private static void check(List<String> violations, String write, Outcome outcome, int found) {
    if (outcome == Outcome.ACKNOWLEDGED && found != BATCH_SIZE) {
      violations.add("lost: acknowledged " + write + (found > 0 ? ", partly: " + found : ""));
    } else if (outcome == Outcome.REFUSED && found != 0) {
      violations.add("applied: refused " + write + " (" + found + " entities)");
    } else if (found != 0 && found != BATCH_SIZE) {
      violations.add("partial: " + write + ", " + found + " of " + BATCH_SIZE);
    }
  }

  static TableEntity entity(String partition, String rowKey, int bytes) {
    return new TableEntity(partition, rowKey).addProperty("data", data(partition, rowKey, bytes));
  }

  /** The bytes an entity carries, made from its keys, so that a damaged value shows. */
  private static byte[] data(String partition, String rowKey, int bytes) {
    byte[] data = new byte[bytes];
    int seed = (partition + "/" + rowKey).hashCode();
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) (seed * 31 + i * 7);
    }
    return data;
  }
}
