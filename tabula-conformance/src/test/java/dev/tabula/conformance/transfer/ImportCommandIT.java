package dev.tabula.conformance.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.TabulaCommand;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.server.EngineKind;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import dev.tabula.tools.entity.EdmType;
import dev.tabula.tools.entity.TransferEntity;
import dev.tabula.tools.entity.TypedProperty;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tabula import} as a process against a real server, checked with the Azure SDK entity by
 * entity: every Edm type and awkward keys in each mode, and refused rows reported by line with the
 * service's status and code while the others are written.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ImportCommandIT {
  @TempDir Path work;
  private TabulaServer server;
  private TableServiceClient service;
  private String connection;

  @BeforeAll
  void startServer(@TempDir Path data) {
    server =
        TabulaServer.start(
            ServerConfig.defaults()
                .withPort(0)
                .withEngine(EngineKind.MEMORY, data)
                .withAccounts(TestAccounts.ALL));
    connection = Clients.connectionString(server, TestAccounts.DEVELOPMENT);
    service = Clients.service(connection);
  }

  @AfterAll
  void stopServer() {
    server.close();
  }

  private static String newTableName() {
    return "t" + UUID.randomUUID().toString().replace("-", "");
  }

  private TabulaCommand.Result tabula(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("-c", connection, "--progress", "none"));
    return TabulaCommand.run(work, Map.of(), all.toArray(String[]::new));
  }

  @Test
  void insert_thenMerge_thenReplace_everyTypeAndAwkwardKeys() throws IOException {
    String table = newTableName();
    List<TransferEntity> entities = SampleEntities.generate(3_000, "import");
    Path file = SampleEntities.write(work.resolve("all.jsonl"), entities);

    TabulaCommand.Result inserted = tabula("import", "--table", table, "--input", file.toString());

    assertThat(inserted.status()).as(inserted.stderr()).isZero();
    assertThat(inserted.stderr()).contains(": 3,000 entities written, 0 rows refused");
    TableClient client = service.getTableClient(table);
    SampleEntities.assertTableHolds(client, entities);
    assertThat(Files.exists(work.resolve("all.jsonl.tabula-import"))).isFalse();

    // Merge: every other entity gets a new Text and a new property; the rest of it stays.
    List<TransferEntity> merged = new ArrayList<>(entities);
    List<TransferEntity> merges = new ArrayList<>();
    for (int i = 0; i < entities.size(); i += 2) {
      TransferEntity was = entities.get(i);
      TransferEntity merge =
          new TransferEntity(
              was.partitionKey(),
              was.rowKey(),
              null,
              List.of(
                  new TypedProperty("Text", EdmType.STRING, "merged " + i),
                  new TypedProperty("Added", EdmType.INT64, Long.toString(-i))));
      merges.add(merge);
      List<TypedProperty> properties = new ArrayList<>(was.properties());
      properties.set(0, merge.properties().get(0));
      properties.add(merge.properties().get(1));
      merged.set(i, new TransferEntity(was.partitionKey(), was.rowKey(), null, properties));
    }
    Path mergeFile = SampleEntities.write(work.resolve("merge.jsonl"), merges);
    TabulaCommand.Result mergeRun =
        tabula("import", "--table", table, "--input", mergeFile.toString(), "--mode", "merge");
    assertThat(mergeRun.status()).as(mergeRun.stderr()).isZero();
    SampleEntities.assertTableHolds(client, merged);

    // Replace: every third entity becomes exactly one property.
    List<TransferEntity> replaced = new ArrayList<>(merged);
    List<TransferEntity> replacements = new ArrayList<>();
    for (int i = 0; i < entities.size(); i += 3) {
      TransferEntity was = entities.get(i);
      TransferEntity replacement =
          new TransferEntity(
              was.partitionKey(),
              was.rowKey(),
              null,
              List.of(new TypedProperty("Only", EdmType.BOOLEAN, "true")));
      replacements.add(replacement);
      replaced.set(i, replacement);
    }
    Path replaceFile = SampleEntities.write(work.resolve("replace.jsonl"), replacements);
    TabulaCommand.Result replaceRun =
        tabula("import", "--table", table, "--input", replaceFile.toString(), "--mode", "replace");
    assertThat(replaceRun.status()).as(replaceRun.stderr()).isZero();
    SampleEntities.assertTableHolds(client, replaced);
  }

  /**
   * 300 rows of one partition; line 150 repeats line 10's keys, line 200 has a property name the
   * service refuses, line 250 a string longer than 32 K characters, line 260 is not JSON.
   */
  private Path fileWithBadRows(List<TransferEntity> good) throws IOException {
    List<String> lines = new ArrayList<>();
    for (int line = 1; line <= 300; line++) {
      TransferEntity entity = SampleEntities.entity("bad rows", String.format("r%03d", line), line);
      if (line == 150) {
        entity = SampleEntities.entity("bad rows", "r010", line);
      } else if (line == 200) {
        entity = withProperty(entity, new TypedProperty("not-a-name", EdmType.INT32, "1"));
      } else if (line == 250) {
        entity =
            withProperty(entity, new TypedProperty("Long", EdmType.STRING, "x".repeat(40_000)));
      } else if (line != 260) {
        good.add(entity);
      }
      lines.add(line == 260 ? "{not json" : json(entity));
    }
    return Files.write(work.resolve("bad.jsonl"), lines, StandardCharsets.UTF_8);
  }

  private String json(TransferEntity entity) throws IOException {
    Path one = SampleEntities.write(work.resolve("one.jsonl"), List.of(entity));
    return Files.readString(one, StandardCharsets.UTF_8).strip();
  }

  private static TransferEntity withProperty(TransferEntity entity, TypedProperty property) {
    List<TypedProperty> properties = new ArrayList<>(entity.properties());
    properties.add(property);
    return new TransferEntity(entity.partitionKey(), entity.rowKey(), null, properties);
  }

  @Test
  void refusedRows_areReportedByLine_andTheRestIsWritten() throws IOException {
    String table = newTableName();
    List<TransferEntity> good = new ArrayList<>();
    Path file = fileWithBadRows(good);
    Path errors = work.resolve("refused.jsonl");

    TabulaCommand.Result result =
        tabula(
            "import", "--table", table, "--input", file.toString(), "--errors", errors.toString());

    assertThat(result.status()).as(result.stderr()).isEqualTo(1);
    List<String> reports = reports(result);
    assertThat(reports).hasSize(4);
    assertThat(reports.get(0))
        .isEqualTo(
            "line 150: 409 EntityAlreadyExists: The specified entity already exists."
                + " (PartitionKey='bad rows', RowKey='r010')");
    assertThat(reports.get(1))
        .startsWith("line 200: 400 PropertyNameInvalid: ")
        .endsWith("(PartitionKey='bad rows', RowKey='r200')");
    assertThat(reports.get(2))
        .startsWith("line 250: 400 PropertyValueTooLarge: ")
        .endsWith("(PartitionKey='bad rows', RowKey='r250')");
    assertThat(reports.get(3)).startsWith("line 260: not an entity: not JSON");
    assertThat(result.stderr()).contains(": 296 entities written, 4 rows refused");
    SampleEntities.assertTableHolds(service.getTableClient(table), good);

    // The refused entities, as they were in the input (in the order their transactions ended).
    List<String> refused =
        Files.readAllLines(errors, StandardCharsets.UTF_8).stream().sorted().toList();
    assertThat(refused).hasSize(3);
    assertThat(refused.get(0)).contains("\"RowKey\":\"r010\"").contains("\"Int32\":150");
    assertThat(refused.get(1)).contains("\"RowKey\":\"r200\"").contains("\"not-a-name\":1");
    assertThat(refused.get(2).contains("\"RowKey\":\"r250\"")).isTrue();
    assertThat(refused.get(2).contains("\"Long\":\"" + "x".repeat(40_000) + "\"")).isTrue();
  }

  /** The rows reported on standard error, in line order (transactions end in any order). */
  static List<String> reports(TabulaCommand.Result result) {
    return result.errorLines().stream()
        .filter(line -> line.startsWith("line "))
        .sorted(
            java.util.Comparator.comparingLong(
                line -> Long.parseLong(line.substring(5, line.indexOf(':')))))
        .toList();
  }

  @Test
  void failFast_stopsAtTheFirstRefusedRow() throws IOException {
    String table = newTableName();
    Path file = fileWithBadRows(new ArrayList<>());

    TabulaCommand.Result result =
        tabula(
            "import",
            "--table",
            table,
            "--input",
            file.toString(),
            "--fail-fast",
            "--concurrency",
            "1");

    assertThat(result.status()).as(result.stderr()).isEqualTo(1);
    // Lines 101-200 make the second transaction; the service names its first invalid operation
    // (line 200's property name, found before line 150's keys are looked up).
    assertThat(reports(result))
        .containsExactly(
            "line 200: 400 PropertyNameInvalid: The property name is invalid."
                + " (PartitionKey='bad rows', RowKey='r200')");
    assertThat(result.stderr()).contains("stopped at the first refused row (--fail-fast)");
    Map<String, TableEntity> stored = SampleEntities.read(service.getTableClient(table));
    // Only the first transaction was written: nothing was sent after the refusal.
    assertThat(stored).hasSize(100);
    assertThat(stored).containsKey(SampleEntities.keys("bad rows", "r100"));
    assertThat(stored).doesNotContainKey(SampleEntities.keys("bad rows", "r101"));
  }

  @Test
  void usageMistakes_exitTwo() throws IOException {
    Path file = SampleEntities.write(work.resolve("few.jsonl"), SampleEntities.generate(3, "u"));
    assertThat(tabula("import", "--table", "x1", "--input", "missing.jsonl").status()).isEqualTo(2);
    assertThat(
            tabula("import", "--table", "x1", "--input", file.toString(), "--mode", "upsert")
                .status())
        .isEqualTo(2);
    TabulaCommand.Result resume =
        tabula("import", "--table", "x1", "--input", file.toString(), "--resume");
    assertThat(resume.status()).isEqualTo(2);
    assertThat(resume.stderr()).contains("--resume: there is no");
  }
}
