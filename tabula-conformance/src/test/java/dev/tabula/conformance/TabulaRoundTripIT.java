package dev.tabula.conformance;

import static dev.tabula.conformance.support.TransferCommands.tabula;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.CorpusSeeder;
import dev.tabula.conformance.support.EntityComparison;
import dev.tabula.conformance.support.TempDirs;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.conformance.support.TransferCorpus;
import dev.tabula.server.EngineKind;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Data moves between two Tabula servers on the RocksDB engine without loss, through a JSON Lines
 * file, a CSV file and {@code tabula copy}: each time the destination table is compared entity by
 * entity with the source, which holds the {@link TransferCorpus} (10,000+ entities, every Edm type
 * at its edges, special keys, entities too large for 100 to a batch).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TabulaRoundTripIT {
  private static final String CORPUS = "corpus";

  private Path work;
  private TabulaServer source;
  private TabulaServer target;
  private TableServiceClient targetService;
  private TableClient corpus;

  @BeforeAll
  void seedSource() {
    work = TempDirs.create("tabula-roundtrip-");
    source = start(work.resolve("source"));
    target = start(work.resolve("target"));
    targetService = Clients.service(target, TestAccounts.DEVELOPMENT);
    corpus = Clients.service(source, TestAccounts.DEVELOPMENT).createTable(CORPUS);
    CorpusSeeder.seed(corpus, TransferCorpus.forTabula());
  }

  @AfterAll
  void stop() {
    try (TabulaServer s = source;
        TabulaServer t = target) {
      // Both closed, in reverse order.
    } finally {
      TempDirs.delete(work);
    }
  }

  @Test
  void exportAndImport_throughJsonLines_keepEveryEntity() {
    Path file = work.resolve("corpus.jsonl");

    tabula("export", "-c", sourceString(), "--table", CORPUS, "--output", file.toString());
    tabula("import", "-c", targetString(), "--table", "viajsonl", "--input", file.toString());

    EntityComparison.of(corpus, targetService.getTableClient("viajsonl")).assertSame();
  }

  @Test
  void exportAndImport_throughCsv_keepEveryEntity() {
    Path file = work.resolve("corpus.csv");

    tabula(
        "export",
        "-c",
        sourceString(),
        "--table",
        CORPUS,
        "--output",
        file.toString(),
        "--format",
        "csv");
    tabula(
        "import",
        "-c",
        targetString(),
        "--table",
        "viacsv",
        "--input",
        file.toString(),
        "--format",
        "csv",
        "--concurrency",
        "4");

    EntityComparison.of(corpus, targetService.getTableClient("viacsv")).assertSame();
  }

  @Test
  void copy_betweenTwoServers_keepsEveryEntity() {
    tabula(
        "copy",
        "--from",
        sourceString(),
        "--to",
        targetString(),
        "--table",
        CORPUS,
        "--to-table",
        "viacopy");

    EntityComparison.of(corpus, targetService.getTableClient("viacopy")).assertSame();
  }

  private String sourceString() {
    return Clients.connectionString(source, TestAccounts.DEVELOPMENT);
  }

  private String targetString() {
    return Clients.connectionString(target, TestAccounts.DEVELOPMENT);
  }

  private static TabulaServer start(Path dataDir) {
    return TabulaServer.start(
        ServerConfig.defaults()
            .withPort(0)
            .withEngine(EngineKind.ROCKSDB, dataDir)
            .withAccounts(TestAccounts.ALL));
  }
}
