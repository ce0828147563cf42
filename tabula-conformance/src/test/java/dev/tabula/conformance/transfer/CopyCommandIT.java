package dev.tabula.conformance.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.TabulaCommand;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.server.EngineKind;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import dev.tabula.tools.entity.TransferEntity;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tabula copy} between two real servers: tables written with the Azure SDK on one are
 * copied, by name, all at once or under another name, and read back with the SDK on the other,
 * entity by entity with every type.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CopyCommandIT {
  @TempDir Path work;
  private TabulaServer source;
  private TabulaServer destination;
  private String from;
  private String to;
  private final List<TransferEntity> orders = SampleEntities.generate(1_500, "orders");
  private final List<TransferEntity> users = SampleEntities.generate(130, "users");

  @BeforeAll
  void start(@TempDir Path one, @TempDir Path two) {
    source = start(one);
    destination = start(two);
    from = Clients.connectionString(source, TestAccounts.DEVELOPMENT);
    to = Clients.connectionString(destination, TestAccounts.DEVELOPMENT);
    TableServiceClient sourceService = Clients.service(from);
    seed(sourceService.createTable("orders"), orders);
    seed(sourceService.createTable("users"), users);
  }

  private static TabulaServer start(Path data) {
    return TabulaServer.start(
        ServerConfig.defaults()
            .withPort(0)
            .withEngine(EngineKind.MEMORY, data)
            .withAccounts(TestAccounts.ALL));
  }

  /** Writes entities with the SDK, in transactions of one partition. */
  private static void seed(TableClient table, List<TransferEntity> entities) {
    List<TableTransactionAction> batch = new ArrayList<>();
    String partition = null;
    for (TransferEntity entity : entities) {
      if (batch.size() == 100 || (partition != null && !partition.equals(entity.partitionKey()))) {
        table.submitTransaction(batch);
        batch = new ArrayList<>();
      }
      partition = entity.partitionKey();
      batch.add(
          new TableTransactionAction(
              TableTransactionActionType.CREATE, SampleEntities.sdkEntity(entity)));
    }
    if (!batch.isEmpty()) {
      table.submitTransaction(batch);
    }
  }

  @AfterAll
  void stop() {
    source.close();
    destination.close();
  }

  private TabulaCommand.Result copy(String... args) {
    List<String> all = new ArrayList<>(List.of("copy", "--from", from, "--to", to));
    all.addAll(List.of(args));
    all.addAll(List.of("--progress", "none"));
    return TabulaCommand.run(work, Map.of(), all.toArray(String[]::new));
  }

  @Test
  void all_copiesEveryTable() {
    TabulaCommand.Result result = copy("--all");

    assertThat(result.status()).as(result.stderr()).isZero();
    TableServiceClient target = Clients.service(to);
    SampleEntities.assertTableHolds(target.getTableClient("orders"), orders);
    SampleEntities.assertTableHolds(target.getTableClient("users"), users);
    assertThat(result.stderr())
        .contains("copy orders to orders: 1,500 entities written, 0 rows refused")
        .contains("copy users to users: 130 entities written, 0 rows refused");
  }

  @Test
  void toTable_renames_andAFilterSelects() {
    TabulaCommand.Result result =
        copy("--table", "users", "--to-table", "people", "--filter", "Int32 ge 100");

    assertThat(result.status()).as(result.stderr()).isZero();
    List<TransferEntity> selected =
        users.stream().filter(e -> Integer.parseInt(e.properties().get(1).text()) >= 100).toList();
    assertThat(selected).isNotEmpty();
    SampleEntities.assertTableHolds(Clients.service(to).getTableClient("people"), selected);
  }

  @Test
  void insertIntoATableHoldingTheRows_reportsEachByOrdinalAndKeys() {
    assertThat(copy("--table", "users", "--to-table", "again").status()).isZero();

    TabulaCommand.Result result = copy("--table", "users", "--to-table", "again");

    assertThat(result.status()).isEqualTo(1);
    List<String> reports =
        result.errorLines().stream().filter(l -> l.startsWith("entity ")).toList();
    assertThat(reports).hasSize(130);
    assertThat(reports)
        .anyMatch(
            line ->
                line.startsWith("entity 1 of users: 409 EntityAlreadyExists: ")
                    && line.endsWith(
                        "(PartitionKey='p0000 it''s 100% ü 𝄞 users', RowKey='r00000 ''q'' %20 é')"));
    TabulaCommand.Result merged =
        copy("--table", "users", "--to-table", "again", "--mode", "merge");
    assertThat(merged.status()).as(merged.stderr()).isZero();
  }

  @Test
  void usageMistakes_exitTwo() {
    assertThat(copy("--all", "--to-table", "x").status()).isEqualTo(2);
    assertThat(copy("--table", "a", "--table", "b", "--to-table", "x").status()).isEqualTo(2);
    assertThat(copy().status()).isEqualTo(2);
    TabulaCommand.Result same =
        TabulaCommand.run(work, Map.of(), "copy", "--from", from, "--to", from, "--table", "users");
    assertThat(same.status()).isEqualTo(2);
    assertThat(same.stderr()).contains("the source and the destination are the same table");
  }
}
