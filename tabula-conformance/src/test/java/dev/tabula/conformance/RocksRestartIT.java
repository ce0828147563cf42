package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertServiceError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableItem;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.server.EngineKind;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A RocksDB server closed and started again on the same data directory serves exactly what it
 * acknowledged before: tables, entities, ETags and Timestamps; and keeps Timestamps increasing.
 */
class RocksRestartIT {
  @TempDir Path dataDir;

  @Test
  void restart_keepsTablesEntitiesEtagsAndTimestamps() {
    Map<String, Map<String, String>> entitiesBefore;
    List<String> tablesBefore;
    List<String> secondTablesBefore;
    try (TabulaServer first = start()) {
      TableServiceClient service = Clients.service(first, TestAccounts.DEVELOPMENT);
      TableClient kept = service.createTable("RestartMixedCase");
      service.createTable("restartplain").createEntity(new TableEntity("p", "r"));
      service.createTable("restartgone").createEntity(new TableEntity("p", "gone"));
      service.deleteTable("restartgone");
      Clients.service(first, TestAccounts.SECOND).createTable("secondonly");
      writeSampleEntities(kept);
      entitiesBefore = snapshot(kept);
      tablesBefore = tableNames(service);
      secondTablesBefore = tableNames(Clients.service(first, TestAccounts.SECOND));
    }

    try (TabulaServer second = start()) {
      TableServiceClient service = Clients.service(second, TestAccounts.DEVELOPMENT);

      assertThat(tableNames(service))
          .containsExactlyInAnyOrderElementsOf(tablesBefore)
          .contains("RestartMixedCase", "restartplain")
          .doesNotContain("restartgone", "secondonly");
      assertThat(tableNames(Clients.service(second, TestAccounts.SECOND)))
          .containsExactlyInAnyOrderElementsOf(secondTablesBefore);
      assertThat(snapshot(service.getTableClient("RestartMixedCase"))).isEqualTo(entitiesBefore);
      assertServiceError(
          404,
          "ResourceNotFound",
          () -> service.getTableClient("RestartMixedCase").getEntity("p1", "deleted"));
      // A table deleted before the restart stays deleted, and its name is free and empty.
      assertThat(service.createTable("restartgone").listEntities()).isEmpty();
    }
  }

  @Test
  void restart_newWritesGetLaterTimestampsThanEverythingBefore() {
    OffsetDateTime latestBefore;
    String etagBefore;
    try (TabulaServer first = start()) {
      TableClient table = Clients.service(first, TestAccounts.DEVELOPMENT).createTable("clock");
      for (int i = 0; i < 5; i++) {
        table.upsertEntity(new TableEntity("p", "r").addProperty("v", i));
      }
      TableEntity last = table.getEntity("p", "r");
      latestBefore = last.getTimestamp();
      etagBefore = last.getETag();
    }

    try (TabulaServer second = start()) {
      TableClient table = Clients.service(second, TestAccounts.DEVELOPMENT).getTableClient("clock");
      table.updateEntity(
          new TableEntity("p", "r").addProperty("v", 99), TableEntityUpdateMode.MERGE);
      table.createEntity(new TableEntity("p", "new"));

      TableEntity updated = table.getEntity("p", "r");
      assertThat(updated.getTimestamp()).isAfter(latestBefore);
      assertThat(updated.getETag()).isNotEqualTo(etagBefore);
      assertThat(table.getEntity("p", "new").getTimestamp()).isAfter(latestBefore);
    }
  }

  @Test
  void restart_conditionalWritesUseThePersistedEtag() {
    TableEntity readBefore;
    try (TabulaServer first = start()) {
      TableClient table = Clients.service(first, TestAccounts.DEVELOPMENT).createTable("etags");
      table.createEntity(new TableEntity("p", "r").addProperty("v", 1));
      readBefore = table.getEntity("p", "r");
    }

    try (TabulaServer second = start()) {
      TableClient table = Clients.service(second, TestAccounts.DEVELOPMENT).getTableClient("etags");
      readBefore.addProperty("v", 2);

      assertThat(
              table
                  .updateEntityWithResponse(
                      readBefore, TableEntityUpdateMode.REPLACE, true, null, null)
                  .getStatusCode())
          .isEqualTo(204);
      assertThat(table.getEntity("p", "r").getProperty("v")).isEqualTo(2);
    }
  }

  private TabulaServer start() {
    return TabulaServer.start(
        ServerConfig.defaults()
            .withPort(0)
            .withEngine(EngineKind.ROCKSDB, dataDir)
            .withAccounts(TestAccounts.ALL));
  }

  private static void writeSampleEntities(TableClient table) {
    for (int p = 1; p <= 2; p++) {
      for (int r = 0; r < 6; r++) {
        table.createEntity(
            new TableEntity("p" + p, "r" + r)
                .addProperty("s", "text ü 😀 " + r)
                .addProperty("bin", new byte[] {(byte) r, 1, 2})
                .addProperty("flag", r % 2 == 0)
                .addProperty("when", EntityTypesContract.PRECISE.plusDays(r))
                .addProperty("d", r + 0.5)
                .addProperty("i", r)
                .addProperty("l", 9_007_199_254_740_993L + r)
                .addProperty("g", UUID.nameUUIDFromBytes(new byte[] {(byte) r})));
      }
    }
    table.updateEntity(
        new TableEntity("p1", "r1").addProperty("extra", 1), TableEntityUpdateMode.MERGE);
    table.updateEntity(
        new TableEntity("p2", "r2").addProperty("only", "this"), TableEntityUpdateMode.REPLACE);
    table.createEntity(new TableEntity("p1", "deleted"));
    table.deleteEntity("p1", "deleted");
  }

  /** Every entity by key, with every property (Timestamp and ETag included) as type:value text. */
  private static Map<String, Map<String, String>> snapshot(TableClient table) {
    Map<String, Map<String, String>> all = new TreeMap<>();
    for (TableEntity e : table.listEntities()) {
      Map<String, String> props = new TreeMap<>();
      // odata.id is an absolute URL holding the port, which changes with the restart.
      e.getProperties().entrySet().stream()
          .filter(p -> !p.getKey().equals("odata.id"))
          .forEach(p -> props.put(p.getKey(), describe(p.getValue())));
      props.put("(etag)", e.getETag());
      props.put("(timestamp)", String.valueOf(e.getTimestamp()));
      all.put(e.getPartitionKey() + "|" + e.getRowKey(), props);
    }
    return all;
  }

  private static String describe(Object value) {
    if (value instanceof byte[] bytes) {
      return "byte[]:" + Base64.getEncoder().encodeToString(bytes);
    }
    return value.getClass().getSimpleName() + ":" + value;
  }

  private static List<String> tableNames(TableServiceClient service) {
    return StreamSupport.stream(service.listTables().spliterator(), false)
        .map(TableItem::getName)
        .collect(Collectors.toList());
  }
}
