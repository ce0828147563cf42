package dev.tabula.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Accounts with two keys, Azure's naming rule, where the accounts come from (flag, TABULA_*,
 * Azurite's AZURITE_ACCOUNTS, the config file) and the accounts file's form. The served behaviour
 * is tabula-conformance's TwoKeysIT and AccountsFileIT.
 */
class AccountSettingsTest {
  private static final String KEY1 = "a2V5LW9uZS1vZi1hbGljZQ==";
  private static final String KEY2 = "a2V5LXR3by1vZi1hbGljZQ==";

  @TempDir Path dir;

  @Test
  void anAccountTakesOneOrTwoKeys() {
    assertThat(parse("alice:" + KEY1 + ":" + KEY2))
        .containsExactly(new Account("alice", List.of(KEY1, KEY2)));
    assertThat(parse(" alice : " + KEY1 + " ; bob:" + KEY2))
        .containsExactly(new Account("alice", KEY1), new Account("bob", KEY2));
    assertThatThrownBy(() -> parse("alice:" + KEY1 + ":" + KEY2 + ":" + KEY1))
        .hasMessage(
            "tabula: --account: account 'alice' has more than two keys"
                + " (an account is name:base64key[:base64key2])");
    assertThatThrownBy(() -> parse("alice:" + KEY1 + ":"))
        .hasMessageContaining("account 'alice' has no key after its second ':'");
    assertThatThrownBy(() -> parse("alice:" + KEY1 + ":" + KEY2 + "!"))
        .hasMessageContaining("key 2 of account 'alice' is not base64")
        .hasMessageNotContaining(KEY1)
        .hasMessageNotContaining(KEY2);
    assertThatThrownBy(() -> parse("alice:" + KEY1 + ";alice:" + KEY2))
        .hasMessageContaining("account 'alice' is given twice");
  }

  @Test
  void accountNames_followAzuresRule_andALongOneIsNotQuoted() {
    for (String bad : List.of("Alice", "ab", "a-b-c", "under_score", "x".repeat(25))) {
      assertThatThrownBy(() -> parse(bad + ":" + KEY1))
          .as(bad)
          .isInstanceOf(OperatorError.class)
          .hasMessageContaining(
              "an account name is 3 to 24 characters, lowercase letters and" + " digits only");
    }
    assertThatThrownBy(() -> parse("Alice:" + KEY1))
        .hasMessageStartingWith("tabula: --account: the account name 'Alice': ");
    // A key written where the name goes is not printed back.
    assertThatThrownBy(() -> parse(KEY1 + KEY1 + ":" + KEY2))
        .hasMessageStartingWith("tabula: --account: an account name of 48 characters: ")
        .hasMessageNotContaining(KEY1);
    assertThat(parse("abc:" + KEY1 + ";" + "a1".repeat(12) + ":" + KEY1)).hasSize(2);
    assertThat(Account.DEVELOPMENT.toString()).doesNotContain(Account.DEVELOPMENT.key());
  }

  @Test
  void accounts_flagBeatsTabulaVariables_whichBeatAzurites_whichBeatTheConfigFile()
      throws IOException {
    Path config = Files.writeString(dir.resolve("t.properties"), "accounts=infile:" + KEY1 + "\n");
    Map<String, String> env =
        Map.of("TABULA_ACCOUNTS", "tabulaenv:" + KEY1, "AZURITE_ACCOUNTS", "azurite:" + KEY1);
    ServeCommand flags = new ServeCommand();
    flags.accounts = List.of("flag:" + KEY1);

    assertThat(names(new ConfigResolver(env, config).resolve(flags))).containsExactly("flag");
    assertThat(names(new ConfigResolver(env, config).resolve(new ServeCommand())))
        .containsExactly("tabulaenv");
    ConfigResolver azurite =
        new ConfigResolver(Map.of("AZURITE_ACCOUNTS", "azurite:" + KEY1 + ":" + KEY2), config);
    ServerConfig fromAzurite = azurite.resolve(new ServeCommand());
    // As in Azurite, the accounts it names replace the development account.
    assertThat(fromAzurite.accounts()).containsExactly(new Account("azurite", List.of(KEY1, KEY2)));
    assertThat(azurite.sourceOf("accounts")).isEqualTo("AZURITE_ACCOUNTS");
    assertThat(names(new ConfigResolver(Map.of(), config).resolve(new ServeCommand())))
        .containsExactly("infile");
    assertThat(new ConfigResolver(Map.of(), null).resolve(new ServeCommand()).accounts())
        .containsExactly(Account.DEVELOPMENT);
  }

  @Test
  void accountsFile_isAnotherFormOfTheSameSetting() throws IOException {
    Path file = Files.writeString(dir.resolve("accounts"), "filed:" + KEY1 + "\n");
    ServeCommand flags = new ServeCommand();
    flags.accountsFile = file;
    ServerConfig config =
        new ConfigResolver(Map.of("TABULA_ACCOUNTS", "env:" + KEY1), null).resolve(flags);
    assertThat(names(config)).containsExactly("filed");
    assertThat(config.accountsFile()).isEqualTo(file);

    ServerConfig fromEnv =
        new ConfigResolver(Map.of("TABULA_ACCOUNTS_FILE", file.toString()), null)
            .resolve(new ServeCommand());
    assertThat(fromEnv.accountsFile()).isEqualTo(file);

    flags.accounts = List.of("flag:" + KEY1);
    assertThatThrownBy(() -> new ConfigResolver(Map.of(), null).resolve(flags))
        .isInstanceOf(OperatorError.class)
        .hasMessage(
            "tabula: --account and --accounts-file both give accounts;"
                + " give them one way or the other");
  }

  @Test
  void accountsFile_commentsAndBlankLines_andBadLinesNamed() {
    String text =
        "# the accounts of the staging servers\n\nalice:"
            + KEY1
            + ":"
            + KEY2
            + "   # rotated 2026-12\n  bob:"
            + KEY2
            + "\n";
    assertThat(AccountsFile.parse(text))
        .containsExactly(new Account("alice", List.of(KEY1, KEY2)), new Account("bob", KEY2));
    assertThatThrownBy(() -> AccountsFile.parse("alice:" + KEY1 + "\n\nBob:" + KEY2))
        .hasMessage(
            "line 3: the account name 'Bob': an account name is 3 to 24 characters,"
                + " lowercase letters and digits only");
    assertThatThrownBy(() -> AccountsFile.parse("alice:" + KEY1 + "\n" + KEY2))
        .hasMessage("line 2 has no ':' between its name and its key")
        .hasMessageNotContaining(KEY2);
    assertThatThrownBy(() -> AccountsFile.parse("alice:" + KEY1 + "\nalice:" + KEY2))
        .hasMessage("line 2: account 'alice' is given twice");
    assertThatThrownBy(() -> AccountsFile.parse("# nothing yet\n\n"))
        .hasMessage("it names no account (an account is name:base64key[:base64key2])");
  }

  @Test
  void badAccountsFile_atStartup_isAnOperatorErrorNamingTheFileAndLine() throws IOException {
    Path file = Files.writeString(dir.resolve("accounts"), "alice:" + KEY1 + "\nbob:" + KEY2 + "*");
    ServeCommand flags = new ServeCommand();
    flags.accountsFile = file;
    assertThatThrownBy(() -> new ConfigResolver(Map.of(), null).resolve(flags))
        .isInstanceOf(OperatorError.class)
        .hasMessage(
            "tabula: the accounts file "
                + file
                + " (--accounts-file): line 2: the key of account 'bob' is not base64")
        .hasMessageNotContaining(KEY2);
    flags.accountsFile = dir.resolve("absent");
    assertThatThrownBy(() -> new ConfigResolver(Map.of(), null).resolve(flags))
        .hasMessage(
            "tabula: the accounts file "
                + dir.resolve("absent")
                + " (--accounts-file)"
                + " does not exist");
  }

  private static List<Account> parse(String text) {
    return AccountDefinitions.parse(new ConfigResolver.Picked(text, "--account"));
  }

  private static List<String> names(ServerConfig config) {
    return config.accounts().stream().map(Account::name).toList();
  }
}
