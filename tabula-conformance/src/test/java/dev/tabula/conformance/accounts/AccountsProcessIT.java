package dev.tabula.conformance.accounts;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableServiceClient;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.ServerProcess;
import dev.tabula.conformance.support.TabulaCommand;
import dev.tabula.conformance.support.TabulaCommand.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Accounts as the real {@code tabula serve} process reads them: Azurite's {@code AZURITE_ACCOUNTS}
 * (Azurite's README, "Customized Storage Accounts & Keys"), reached by the official SDK with either
 * key, and replacing the development account as in Azurite; and bad names and bad accounts files at
 * startup, each one line on standard error, exit status 2, no key printed.
 *
 * <p>Seen to fail: with {@code AccountSources} not reading {@code AZURITE_ACCOUNTS}, the server
 * served devstoreaccount1 and the SDK's createTable on azurite1 was refused; with the name rule
 * removed from {@code Account}, {@code --account My_Account:...} started the server.
 */
class AccountsProcessIT {
  private static final String KEY1 = TwoKeysIT.KEY1;
  private static final String KEY2 = TwoKeysIT.KEY2;

  @TempDir Path work;

  @Test
  void azuriteAccounts_areServed_withEitherKey_andReplaceTheDevelopmentAccount() {
    try (ServerProcess server =
        ServerProcess.serve(
            Map.of("AZURITE_ACCOUNTS", "azurite1:" + KEY1 + ":" + KEY2 + ";azurite2:" + KEY2),
            List.of("-Xmx256m"),
            List.of("--engine", "memory"),
            Duration.ofSeconds(60))) {
      service(server, "azurite1", KEY2).createTable("fromazurite");
      assertThat(service(server, "azurite1", KEY1).listTables().stream().map(t -> t.getName()))
          .containsExactly("fromazurite");
      assertThat(service(server, "azurite2", KEY2).listTables().stream().count()).isZero();
      assertThat(server.outputLines())
          .anyMatch(line -> line.contains("account azurite1: "))
          .noneMatch(line -> line.contains("devstoreaccount1"))
          .noneMatch(line -> line.contains(KEY1) || line.contains(KEY2));
    }
  }

  @Test
  void badNamesAndBadFiles_atStartup_areOneLine_exit2_withoutAKey() throws Exception {
    assertOneLine(
        TabulaCommand.run(
            work, Map.of(), "serve", "--in-memory", "--account", "My_Account:" + KEY1),
        "tabula: --account: the account name 'My_Account': an account name is 3 to 24"
            + " characters, lowercase letters and digits only"
            + " (an account is name:base64key[:base64key2])");
    assertOneLine(
        TabulaCommand.run(work, Map.of("AZURITE_ACCOUNTS", "ab:" + KEY1), "serve", "--in-memory"),
        "tabula: AZURITE_ACCOUNTS: the account name 'ab': an account name is 3 to 24"
            + " characters, lowercase letters and digits only"
            + " (an account is name:base64key[:base64key2])");
    Path file =
        Files.writeString(
            work.resolve("accounts"),
            "# ours\nalice:" + KEY1 + "\n\nbob:" + KEY1 + ":" + KEY2 + "*\n");
    assertOneLine(
        TabulaCommand.run(
            work, Map.of("TABULA_ACCOUNTS_FILE", file.toString()), "serve", "--in-memory"),
        "tabula: the accounts file "
            + file
            + " (TABULA_ACCOUNTS_FILE): line 4: key 2 of account 'bob' is not base64");
  }

  private static void assertOneLine(Result result, String line) {
    assertThat(result.status()).as(result.stderr()).isEqualTo(2);
    assertThat(result.errorLines()).containsExactly(line);
    assertThat(result.stderr() + result.stdout()).doesNotContain(KEY1).doesNotContain(KEY2);
  }

  private static TableServiceClient service(ServerProcess server, String account, String key) {
    return Clients.service(
        "DefaultEndpointsProtocol=http;AccountName="
            + account
            + ";AccountKey="
            + key
            + ";TableEndpoint="
            + server.endpoint(account)
            + ";");
  }
}
