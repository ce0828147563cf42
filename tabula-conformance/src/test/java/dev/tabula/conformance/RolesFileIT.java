package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertHttpError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableServiceClient;
import dev.tabula.conformance.support.CapturedLog;
import dev.tabula.conformance.support.FileEdits;
import dev.tabula.conformance.support.HttpsClients;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.conformance.support.TestCertificates;
import dev.tabula.conformance.support.TestServers;
import dev.tabula.conformance.support.TestTokens;
import dev.tabula.protocol.auth.RoleAssignments;
import dev.tabula.server.OAuthSettings;
import dev.tabula.server.RolesFile;
import dev.tabula.server.TabulaServer;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The roles file ({@code --oauth-roles}) is read again while the server runs, as the accounts file
 * is: a role assigned in the file is honoured without a restart, as a role assignment is in Azure;
 * a version that is not valid keeps the roles in force, with one warning however many reads see it.
 * Engine-independent, so it runs once, on memory.
 *
 * <p>Seen to fail (then reverted): with the roles file's watcher not started, the new contributor
 * was never allowed to create a table (the wait timed out).
 */
class RolesFileIT {
  private static final String READER = "11111111-1111-1111-1111-111111111111";
  private static final String CONTRIBUTOR = "22222222-2222-2222-2222-222222222222";
  private static final String ACCOUNT = TestAccounts.DEVELOPMENT.name();
  private static final Duration RELOAD_LIMIT = Duration.ofSeconds(15);

  @TempDir Path dir;
  private CapturedLog logged;
  private TestCertificates certificates;
  private TestTokens tokens;
  private Path roles;
  private TabulaServer server;

  @BeforeEach
  void start() throws IOException {
    logged = CapturedLog.of("dev.tabula.server");
    certificates = TestCertificates.create(dir);
    tokens = TestTokens.create(dir);
    roles = dir.resolve("roles.txt");
    FileEdits.replace(roles, ACCOUNT + " " + READER + " reader\n");
    server =
        TabulaServer.start(
            TestServers.inMemoryWithHttps(dir.resolve("data"), certificates)
                .withOAuth(
                    OAuthSettings.of(
                            tokens.jwksFile().toString(),
                            List.of(TestTokens.TENANT),
                            RoleAssignments.NONE,
                            false)
                        .withRolesFile(RolesFile.read(roles))));
  }

  @AfterEach
  void stop() {
    logged.close();
    if (server != null) {
      server.close();
    }
  }

  @Test
  void aRoleAddedToTheFile_isHonouredWithoutRestart_andAnInvalidFileKeepsTheRoles()
      throws Exception {
    TableServiceClient contributor = client(CONTRIBUTOR);
    assertHttpError(
        403, "AuthorizationPermissionMismatch", () -> contributor.createTable("table0"));

    FileEdits.replace(
        roles,
        ACCOUNT + " " + READER + " reader\n" + ACCOUNT + " " + CONTRIBUTOR + " contributor\n");
    awaitAllowed(() -> contributor.createTable("table1"));

    // Not valid (Azure has no table data Owner role): the roles in force stay, through 3+ reads.
    FileEdits.replace(roles, ACCOUNT + " " + CONTRIBUTOR + " owner\n");
    long end = System.nanoTime() + Duration.ofMillis(4500).toNanos();
    for (int i = 2; System.nanoTime() < end; i++) {
      contributor.createTable("table" + i);
      assertThat(client(READER).listTables().stream().count()).isEqualTo(i);
    }
    assertThat(logged.warnings())
        .as("one warning for the invalid file, not one a read")
        .singleElement()
        .satisfies(w -> assertThat(w).contains("roles file").contains("line 1"));
  }

  private TableServiceClient client(String principal) {
    return HttpsClients.bearer(
        server.httpsEndpoint(ACCOUNT), certificates, tokens.signed(principal));
  }

  /** Polls until {@code action} is allowed (no more 403); fails after {@link #RELOAD_LIMIT}. */
  private static void awaitAllowed(Runnable action) throws InterruptedException {
    long deadline = System.nanoTime() + RELOAD_LIMIT.toNanos();
    while (true) {
      try {
        action.run();
        return;
      } catch (RuntimeException refused) {
        if (System.nanoTime() > deadline) {
          throw new AssertionError("still refused after " + RELOAD_LIMIT, refused);
        }
        Thread.sleep(100);
      }
    }
  }
}
