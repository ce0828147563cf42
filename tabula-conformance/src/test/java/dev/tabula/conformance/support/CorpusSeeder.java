package dev.tabula.conformance.support;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Writes entities into a table through the official SDK, fast: entity group transactions of up to
 * 100 entities of one partition, and at most about 2 MB of values each (the service refuses a batch
 * over 4 MiB, and base64 and JSON add to a value's size), a few in flight.
 */
public final class CorpusSeeder {
  private static final int MAX_BATCH_ENTITIES = 100;
  private static final long MAX_BATCH_VALUE_BYTES = 2_000_000;
  private static final int IN_FLIGHT = 4;

  private CorpusSeeder() {}

  /** Inserts every entity (the table must exist and hold none of their keys). */
  public static void seed(TableClient table, List<TableEntity> entities) {
    List<List<TableEntity>> batches = batches(entities);
    ExecutorService pool = Executors.newFixedThreadPool(IN_FLIGHT);
    try {
      List<Future<?>> submitted = new ArrayList<>();
      for (List<TableEntity> batch : batches) {
        submitted.add(pool.submit(() -> table.submitTransaction(inserts(batch))));
      }
      for (Future<?> future : submitted) {
        future.get();
      }
    } catch (ExecutionException e) {
      throw new IllegalStateException("seeding " + table.getTableName() + " failed", e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while seeding", e);
    } finally {
      pool.shutdownNow();
    }
  }

  /** The entities grouped by partition, then cut by count and size. */
  static List<List<TableEntity>> batches(List<TableEntity> entities) {
    Map<String, List<TableEntity>> partitions = new LinkedHashMap<>();
    for (TableEntity entity : entities) {
      partitions.computeIfAbsent(entity.getPartitionKey(), pk -> new ArrayList<>()).add(entity);
    }
    List<List<TableEntity>> batches = new ArrayList<>();
    for (List<TableEntity> partition : partitions.values()) {
      List<TableEntity> batch = new ArrayList<>();
      long bytes = 0;
      for (TableEntity entity : partition) {
        long size = valueBytes(entity);
        if (!batch.isEmpty()
            && (batch.size() == MAX_BATCH_ENTITIES || bytes + size > MAX_BATCH_VALUE_BYTES)) {
          batches.add(batch);
          batch = new ArrayList<>();
          bytes = 0;
        }
        batch.add(entity);
        bytes += size;
      }
      batches.add(batch);
    }
    return batches;
  }

  /** About what an entity's values weigh on the wire (binary as base64, text as UTF-8). */
  private static long valueBytes(TableEntity entity) {
    long bytes = 2L * (entity.getPartitionKey().length() + entity.getRowKey().length());
    for (Map.Entry<String, Object> property : entity.getProperties().entrySet()) {
      Object value = property.getValue();
      bytes += property.getKey().length() + 16;
      if (value instanceof byte[] binary) {
        bytes += binary.length * 4L / 3 + 4;
      } else if (value instanceof String text) {
        bytes += 3L * text.length();
      }
    }
    return bytes;
  }

  private static List<TableTransactionAction> inserts(List<TableEntity> batch) {
    return batch.stream()
        .map(entity -> new TableTransactionAction(TableTransactionActionType.CREATE, entity))
        .toList();
  }
}
