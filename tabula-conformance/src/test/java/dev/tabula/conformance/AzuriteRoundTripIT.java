package dev.tabula.conformance;

import static dev.tabula.conformance.support.TransferCommands.tabula;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import dev.tabula.conformance.support.AzuriteProcess;
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
 * Migrating from Azurite (the pinned version, in a process of its own) into Tabula on the RocksDB
 * engine loses nothing, with {@code tabula copy} and through a JSON Lines file: the destination is
 * compared entity by entity with Azurite's table, which holds {@link TransferCorpus#forAzurite()}.
 * Fails in CI and skips locally when Azurite is not installed ({@code build/azurite/install.sh}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AzuriteRoundTripIT {
  private static final String CORPUS = "corpus";

  private Path work;
  private AzuriteProcess azurite;
  private TabulaServer target;
  private TableServiceClient targetService;
  private TableClient corpus;

  @BeforeAll
  void seedAzurite() {
    work = TempDirs.create("tabula-from-azurite-");
    azurite = AzuriteProcess.start();
    target =
        TabulaServer.start(
            ServerConfig.defaults()
                .withPort(0)
                .withEngine(EngineKind.ROCKSDB, work.resolve("target"))
                .withAccounts(TestAccounts.ALL));
    targetService = Clients.service(target, TestAccounts.DEVELOPMENT);
    // The SDK's default retries: Node closes a keep-alive connection idle for 5 s, and the client
    // sits idle while a command runs; a read that meets the closed connection is retried.
    corpus =
        new TableServiceClientBuilder()
            .connectionString(azurite.connectionString())
            .buildClient()
            .createTable(CORPUS);
    CorpusSeeder.seed(corpus, TransferCorpus.forAzurite());
  }

  @AfterAll
  void stop() {
    try (AzuriteProcess a = azurite;
        TabulaServer t = target) {
      // Both stopped, in reverse order.
    } finally {
      TempDirs.delete(work);
    }
  }

  @Test
  void copy_fromAzurite_keepsEveryEntity() {
    tabula(
        "copy",
        "--from",
        azurite.connectionString(),
        "--to",
        targetString(),
        "--table",
        CORPUS,
        "--to-table",
        "fromazurite");

    EntityComparison.of(corpus, targetService.getTableClient("fromazurite")).assertSame();
  }

  @Test
  void exportAndImport_fromAzuriteThroughJsonLines_keepEveryEntity() {
    Path file = work.resolve("azurite.jsonl");

    tabula(
        "export", "-c", azurite.connectionString(), "--table", CORPUS, "--output", file.toString());
    tabula("import", "-c", targetString(), "--table", "azuritefile", "--input", file.toString());

    EntityComparison.of(corpus, targetService.getTableClient("azuritefile")).assertSame();
  }

  private String targetString() {
    return Clients.connectionString(target, TestAccounts.DEVELOPMENT);
  }
}
