package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.SdkEntities;
import dev.tabula.conformance.support.SlowProxy;
import dev.tabula.conformance.support.TabulaCommand;
import dev.tabula.conformance.support.TabulaCommand.Result;
import dev.tabula.conformance.support.TempDirs;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.server.EngineKind;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import dev.tabula.tools.format.EntityFiles;
import dev.tabula.tools.format.EntityReader;
import dev.tabula.tools.format.FileFormat;
import dev.tabula.tools.format.NumberedEntity;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tabula tables}, {@code query} and {@code export}, run as the real command in a JVM of its
 * own against a real server, whose tables the Azure SDK wrote: every Edm type, keys with quotes,
 * percent signs, spaces and unicode, and more entities than three 1,000-entity pages hold. What
 * each command prints or writes is read back and compared, entity by entity, type and value, with
 * what the SDK reads.
 *
 * <p>Seen to fail: with {@code TableExport} no longer removing the partial file, the missing table,
 * the CSV refusal and the Ctrl-C tests went red (each left {@code FILE.partial} behind). NaN and
 * the infinities are not seeded: the SDK writes them as unannotated strings, which the service
 * stores as Edm.String; the file formats' own tests cover them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DataCommandsIT {
  private static final String MIXED = "mixed";
  private static final String SMALL = "small";
  private static final int ENTITIES = 3_210;
  private static final List<String> PARTITIONS =
      List.of("it's", "50% off", "caf\u00e9 \u4e2d\uD83D\uDE00");

  private TabulaServer server;
  private Path dataDir;
  private TableServiceClient service;
  private String connection;

  /** What the SDK wrote, per table, by keys. */
  private final Map<String, Map<String, TableEntity>> written = new HashMap<>();

  @TempDir Path work;

  @BeforeAll
  void startAndSeed() {
    dataDir = TempDirs.create("tabula-data-commands-");
    server =
        TabulaServer.start(
            ServerConfig.defaults()
                .withPort(0)
                .withEngine(EngineKind.MEMORY, dataDir)
                .withAccounts(TestAccounts.ALL));
    connection = Clients.connectionString(server, TestAccounts.DEVELOPMENT);
    service = Clients.service(connection);
    seed(service.createTable(MIXED), ENTITIES);
    seed(service.createTable(SMALL), 3);
  }

  @AfterAll
  void stop() {
    try {
      if (server != null) {
        server.close();
      }
    } finally {
      TempDirs.delete(dataDir);
    }
  }

  /** Entities of every type, in transactions of 100 per partition. */
  private void seed(TableClient table, int count) {
    Map<String, TableEntity> entities = new HashMap<>();
    written.put(table.getTableName(), entities);
    List<TableTransactionAction> batch = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String partition = PARTITIONS.get(i % PARTITIONS.size());
      TableEntity entity = new TableEntity(partition, String.format("row '%05d' \u00fc", i));
      entity.addProperty("Text", i % 7 == 0 ? "" : "say \"hi\", then\r\nleave; %25 " + i);
      entity.addProperty("Int", i - 1_000);
      entity.addProperty("Big", Long.MAX_VALUE - i);
      // Not NaN or the infinities: the SDK writes those as unannotated strings, so the service
      // stores Edm.String (the file formats' tests cover them).
      entity.addProperty("Real", i % 5 == 0 ? -1.5e300 : i % 5 == 1 ? 4.9e-324 : i / 3.0);
      entity.addProperty("Flag", i % 2 == 0);
      entity.addProperty(
          "When",
          OffsetDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_700 + i % 3 * 100, ZoneOffset.UTC));
      entity.addProperty("Id", new UUID(i, -i));
      entity.addProperty("Bytes", new byte[] {(byte) i, 0, (byte) 0xff, (byte) (i >> 8)});
      if (i % 4 == 0) {
        entity.addProperty("Sometimes", "only on some");
      }
      entities.put(key(entity.getPartitionKey(), entity.getRowKey()), entity);
      batch.add(new TableTransactionAction(TableTransactionActionType.CREATE, entity));
      if (batch.size() == 100) {
        submitPerPartition(table, batch);
        batch.clear();
      }
    }
    submitPerPartition(table, batch);
  }

  private static void submitPerPartition(TableClient table, List<TableTransactionAction> actions) {
    for (String partition : PARTITIONS) {
      List<TableTransactionAction> one =
          actions.stream().filter(a -> a.getEntity().getPartitionKey().equals(partition)).toList();
      if (!one.isEmpty()) {
        table.submitTransaction(one);
      }
    }
  }

  @Test
  void tables_listsOneNameALine() {
    Result result = tabula("tables", "-c", connection);

    assertThat(result.status()).as(result.stderr()).isZero();
    assertThat(result.stdout().lines().toList()).contains(MIXED, SMALL);
    assertThat(result.stderr()).isEmpty();
  }

  @Test
  void export_jsonLines_holdsEveryEntityWithItsTypes() throws IOException {
    Path file = work.resolve("mixed.jsonl");
    Result result =
        tabula("export", "-c", connection, "--table", MIXED, "--output", file.toString());

    assertThat(result.status()).as(result.stderr()).isZero();
    assertThat(result.errorLines())
        .last()
        .asString()
        .matches("exported 3,210 entities from mixed to .*mixed\\.jsonl in \\d+\\.\\d s");
    assertThat(read(FileFormat.JSONL, file)).isEqualTo(sdk(MIXED, new ListEntitiesOptions()));
    assertThat(Path.of(file + ".partial")).doesNotExist();
  }

  @Test
  void export_csv_holdsEveryEntityWithItsTypes_emptyStringsIncluded() throws IOException {
    Path file = work.resolve("mixed.csv");
    Result result =
        tabula("export", "-c", connection, "--table", MIXED, "--output", file.toString());

    assertThat(result.status()).as(result.stderr()).isZero();
    assertThat(Files.readString(file).lines().findFirst().orElseThrow())
        .startsWith("PartitionKey,RowKey,Timestamp,")
        .contains(",Text,Text@type,", ",Sometimes,Sometimes@type");
    assertThat(read(FileFormat.CSV, file)).isEqualTo(sdk(MIXED, new ListEntitiesOptions()));
  }

  @Test
  void export_toStandardOutput_withAFilter() throws IOException {
    String filter = "PartitionKey eq '50% off' and Int ge 0";
    Result result =
        tabula(
            "export",
            "-c",
            connection,
            "--table",
            MIXED,
            "--output",
            "-",
            "--format",
            "jsonl",
            "--filter",
            filter);

    assertThat(result.status()).as(result.stderr()).isZero();
    List<Map<String, Object>> expected = sdk(MIXED, new ListEntitiesOptions().setFilter(filter));
    assertThat(expected).hasSizeGreaterThan(500);
    assertThat(read(FileFormat.JSONL, result.stdout())).isEqualTo(expected);
    assertThat(result.errorLines())
        .last()
        .asString()
        .startsWith(
            "exported "
                + String.format("%,d", expected.size())
                + " entities from mixed to standard output in ");
  }

  @Test
  void export_all_writesOneFilePerTableIntoAFolder() throws IOException {
    Path folder = work.resolve("all");
    Result result = tabula("export", "-c", connection, "--all", "--output", folder.toString());

    assertThat(result.status()).as(result.stderr()).isZero();
    try (Stream<Path> files = Files.list(folder)) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .contains("mixed.jsonl", "small.jsonl")
          .noneMatch(name -> name.endsWith(".partial"));
    }
    assertThat(read(FileFormat.JSONL, folder.resolve("small.jsonl")))
        .isEqualTo(sdk(SMALL, new ListEntitiesOptions()));
    assertThat(read(FileFormat.JSONL, folder.resolve("mixed.jsonl"))).hasSize(ENTITIES);
  }

  @Test
  void query_jsonlAndCsv_withFilterSelectAndTop() throws IOException {
    String filter = "Flag eq true and PartitionKey eq '50% off'";
    ListEntitiesOptions options =
        new ListEntitiesOptions().setFilter(filter).setSelect(List.of("Big", "When", "Text"));
    List<Map<String, Object>> expected = sdk(MIXED, options).subList(0, 250);
    for (String format : List.of("jsonl", "csv")) {
      Result result =
          tabula(
              "query",
              "-c",
              connection,
              "--table",
              MIXED,
              "--filter",
              filter,
              "--select",
              "Big,When,Text",
              "--top",
              "250",
              "--format",
              format);

      assertThat(result.status()).as(result.stderr()).isZero();
      assertThat(read(format.equals("csv") ? FileFormat.CSV : FileFormat.JSONL, result.stdout()))
          .as(format)
          .isEqualTo(expected);
      assertThat(result.stderr()).isEmpty();
    }
  }

  /**
   * {@code --count} asks the server's count extension and prints the total alone. Broken once: the
   * client reading only the last digit of the count's body printed 0 for 3,210, and this failed.
   */
  @Test
  void query_count_printsTheTotalTheServerCounted() {
    Result all = tabula("query", "-c", connection, "--table", MIXED, "--count");
    assertThat(all.status()).as(all.stderr()).isZero();
    assertThat(all.stdout().strip()).isEqualTo(Integer.toString(ENTITIES));

    Result some =
        tabula(
            "query",
            "-c",
            connection,
            "--table",
            MIXED,
            "--count",
            "--filter",
            "startswith(PartitionKey,'it') and Flag");
    long expected =
        written.get(MIXED).values().stream()
            .filter(e -> e.getPartitionKey().startsWith("it") && (Boolean) e.getProperty("Flag"))
            .count();
    assertThat(some.status()).as(some.stderr()).isZero();
    assertThat(some.stdout().strip()).isEqualTo(Long.toString(expected));

    Result withTop = tabula("query", "-c", connection, "--table", MIXED, "--count", "--top", "5");
    assertThat(withTop.status()).isEqualTo(2);
    assertThat(withTop.stderr()).contains("--count takes no --select or --top");
  }

  @Test
  void query_table_isAlignedColumnsForPeople() {
    Result result =
        tabula("query", "-c", connection, "--table", SMALL, "--select", "Int,Flag", "--top", "2");

    assertThat(result.status()).as(result.stderr()).isZero();
    List<String> lines = result.stdout().lines().toList();
    assertThat(lines).hasSize(4);
    String header = lines.get(0);
    assertThat(header).matches("PartitionKey +RowKey +Timestamp +(Int +Flag|Flag +Int)");
    assertThat(lines.get(1)).matches("-+ +-+ +-+ +-+ +-+");
    // Query order: "50% off" (the second entity written) before "café ...".
    assertThat(lines.get(2)).matches("50% off +row '00001' \u00fc +.*");
    assertThat(lines.get(3)).matches("caf\u00e9 \u4e2d\uD83D\uDE00 +row '00002' \u00fc +.*");
    assertThat(cell(header, lines.get(2), "Flag")).isEqualTo("false");
    assertThat(cell(header, lines.get(2), "Int")).isEqualTo("-999");
    assertThat(cell(header, lines.get(3), "Flag")).isEqualTo("true");
    assertThat(cell(header, lines.get(3), "Int")).isEqualTo("-998");
  }

  /** The cell of {@code row} under {@code column}: from the column's start to the next one's. */
  private static String cell(String header, String row, String column) {
    int start = header.indexOf(column);
    int next = header.indexOf(' ', start);
    while (next >= 0 && next < header.length() && header.charAt(next) == ' ') {
      next++;
    }
    return (next < 0 || next >= header.length() ? row.substring(start) : row.substring(start, next))
        .strip();
  }

  @Test
  void csv_refusesAPropertyThatAppearsAfterTheHeader_andLeavesNoFile() {
    TableClient late = service.createTable("late");
    List<TableTransactionAction> batch = new ArrayList<>();
    for (int i = 0; i <= 1000; i++) {
      TableEntity entity = new TableEntity("p", String.format("r%04d", i));
      if (i == 1000) {
        entity.addProperty("Late", 1);
      }
      batch.add(new TableTransactionAction(TableTransactionActionType.CREATE, entity));
      if (batch.size() == 100 || i == 1000) {
        late.submitTransaction(batch);
        batch.clear();
      }
    }
    Path file = work.resolve("late.csv");
    Result result =
        tabula(
            "export",
            "-c",
            connection,
            "--table",
            "late",
            "--output",
            file.toString(),
            "--progress",
            "none");

    assertThat(result.status()).as(result.stderr()).isEqualTo(1);
    assertThat(result.errorLines())
        .singleElement()
        .asString()
        .startsWith(
            "tabula export: entity (PartitionKey 'p', RowKey 'r1000') has a property 'Late' that"
                + " none of the first 1,000 entities had");
    assertThat(file).doesNotExist();
    assertThat(Path.of(file + ".partial")).doesNotExist();
    late.deleteTable();
  }

  @Test
  void aMissingTable_isOneLineAndStatusOne_andLeavesNoFile() {
    Path file = work.resolve("none.jsonl");
    Result export =
        tabula("export", "-c", connection, "--table", "nosuch", "--output", file.toString());
    Result query = tabula("query", "-c", connection, "--table", "nosuch");

    for (Result result : List.of(export, query)) {
      assertThat(result.status()).as(result.stderr()).isEqualTo(1);
      assertThat(result.errorLines()).hasSize(1);
      assertThat(result.stderr())
          .contains("table 'nosuch': 404 TableNotFound")
          .doesNotContain("\tat ");
    }
    assertThat(export.stderr()).startsWith("tabula export: ");
    assertThat(file).doesNotExist();
    assertThat(Path.of(file + ".partial")).doesNotExist();
  }

  @Test
  void aWrongKey_isAuthenticationFailed_statusOne() {
    String wrong =
        Clients.connectionString(server, TestAccounts.DEVELOPMENT.name(), TestAccounts.WRONG_KEY);
    Result result = tabula("tables", "-c", wrong);

    assertThat(result.status()).as(result.stderr()).isEqualTo(1);
    assertThat(result.errorLines())
        .singleElement()
        .asString()
        .startsWith("tabula tables: 403 AuthenticationFailed");
  }

  @Test
  void aBadConnectionString_isAUsageError_statusTwo() {
    Result result = tabula("query", "-c", "AccountName=x;Nonsense", "--table", MIXED);

    assertThat(result.status()).as(result.stderr()).isEqualTo(2);
    assertThat(result.errorLines())
        .singleElement()
        .asString()
        .startsWith("tabula query: --connection-string: ");
  }

  @Test
  void anUnreachableEndpoint_isOneLineAndStatusOne() throws IOException {
    int closed;
    try (java.net.ServerSocket free =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closed = free.getLocalPort();
    }
    String nowhere =
        "AccountName=devstoreaccount1;AccountKey="
            + TestAccounts.DEVELOPMENT.key()
            + ";TableEndpoint=http://127.0.0.1:"
            + closed
            + "/devstoreaccount1";
    Result result = tabula("tables", "-c", nowhere);

    assertThat(result.status()).as(result.stderr()).isEqualTo(1);
    assertThat(result.errorLines())
        .singleElement()
        .asString()
        .startsWith("tabula tables: cannot reach http://127.0.0.1:" + closed);
  }

  @Test
  void ctrlC_stopsTheExport_removesThePartialFile_andExits130() throws Exception {
    String origin = "http://127.0.0.1:" + server.port();
    try (SlowProxy proxy = SlowProxy.start(origin, Duration.ofMillis(1500))) {
      String slow = connection.replace(origin, proxy.origin());
      Path file = work.resolve("interrupted.jsonl");
      Path partial = Path.of(file + ".partial");
      Process process =
          start(
              "export",
              "-c",
              slow,
              "--table",
              MIXED,
              "--output",
              file.toString(),
              "--progress",
              "none");
      try {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.exists(partial) && System.nanoTime() < deadline && process.isAlive()) {
          Thread.sleep(20);
        }
        assertThat(partial).exists();
        Thread.sleep(500);
        new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor();
        assertThat(process.waitFor(20, TimeUnit.SECONDS)).isTrue();
        String stderr = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(process.exitValue()).as(stderr).isEqualTo(130);
        assertThat(stderr.strip())
            .matches(
                "export of mixed stopped after [\\d,]+ entities; removed .*interrupted\\.jsonl\\.partial");
        assertThat(partial).doesNotExist();
        assertThat(file).doesNotExist();
      } finally {
        process.destroyForcibly();
      }
    }
  }

  private Result tabula(String... args) {
    return TabulaCommand.run(work, Map.of(), args);
  }

  /** The real command, started and left running (standard output discarded). */
  private Process start(String... args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
    command.addAll(List.of("-cp", System.getProperty("java.class.path")));
    command.add("dev.tabula.server.TabulaCli");
    command.addAll(List.of(args));
    return new ProcessBuilder(command)
        .directory(work.toFile())
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .start();
  }

  /**
   * What the SDK wrote, for the entities a query with {@code options} returns, in the order it
   * returns them, with only the selected properties when it selects some.
   */
  private List<Map<String, Object>> sdk(String table, ListEntitiesOptions options) {
    List<String> select = options.getSelect();
    // The selection is applied here, to what the SDK wrote; the SDK lists the keys only.
    options.setSelect(null);
    return service.getTableClient(table).listEntities(options, null, null).stream()
        .map(read -> written.get(table).get(key(read.getPartitionKey(), read.getRowKey())))
        .map(SdkEntities::of)
        .map(
            entity -> {
              if (select != null) {
                Set<String> kept = new java.util.HashSet<>(select);
                kept.addAll(List.of("PartitionKey", "RowKey"));
                entity.keySet().retainAll(kept);
              }
              return entity;
            })
        .toList();
  }

  private static String key(String partitionKey, String rowKey) {
    return partitionKey + '\u0000' + rowKey;
  }

  private static List<Map<String, Object>> read(FileFormat format, Path file) throws IOException {
    return read(format, Files.newInputStream(file));
  }

  private static List<Map<String, Object>> read(FileFormat format, String text) throws IOException {
    return read(format, new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
  }

  private static List<Map<String, Object>> read(FileFormat format, InputStream in)
      throws IOException {
    List<Map<String, Object>> entities = new ArrayList<>();
    try (EntityReader reader = EntityFiles.reader(format, in)) {
      for (NumberedEntity row = reader.next(); row != null; row = reader.next()) {
        assertThat(row.error()).as("line %d", row.line()).isNull();
        entities.add(SdkEntities.of(row.entity().values()));
      }
    }
    return entities;
  }
}
