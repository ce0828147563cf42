package dev.tabula.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each unusable value is an {@link OperatorError} naming where it came from; the process-level
 * behaviour (one line, exit 2) is StartupErrorsIT's in tabula-conformance.
 */
class ConfigValidationTest {
  @TempDir Path dir;

  @Test
  void numbers_nameTheirSource_flagVariableOrFileAndKey() throws IOException {
    Path file = Files.writeString(dir.resolve("t.properties"), "queue=lots\n");
    ServeCommand flags = new ServeCommand();
    flags.workers = 0;

    assertThatThrownBy(() -> new ConfigResolver(Map.of(), null).resolve(flags))
        .isInstanceOf(OperatorError.class)
        .hasMessage("tabula: --workers: 0 is out of range (1 to 10000)");
    assertThatThrownBy(
            () -> new ConfigResolver(Map.of("TABULA_IDLE_TIMEOUT", "2m"), null).resolve(flags()))
        .hasMessage("tabula: TABULA_IDLE_TIMEOUT: '2m' is not a number");
    assertThatThrownBy(() -> new ConfigResolver(Map.of(), file).resolve(flags()))
        .hasMessage("tabula: config file " + file + ": queue: 'lots' is not a number");
  }

  @Test
  void sourceOf_saysWhereEachSettingCameFrom() throws IOException {
    Path file = Files.writeString(dir.resolve("t.properties"), "https-port=1\ntls-cert=c\n");
    ServeCommand flags = new ServeCommand();
    flags.port = 5;
    flags.tlsKey = Path.of("k");
    ConfigResolver resolver = new ConfigResolver(Map.of("TABULA_HOST", "0.0.0.0"), file);

    resolver.resolve(flags);

    assertThat(resolver.sourceOf("port")).isEqualTo("--port");
    assertThat(resolver.sourceOf("host")).isEqualTo("TABULA_HOST");
    assertThat(resolver.sourceOf("https-port")).isEqualTo("config file " + file + ": https-port");
    assertThat(resolver.sourceOf("workers")).isEqualTo("the default");
  }

  @Test
  void drainTimeout_defaultsToTenSeconds_andMayBeZero() {
    ServeCommand flags = new ServeCommand();
    assertThat(new ConfigResolver(Map.of(), null).drainTimeout(flags)).hasSeconds(10);
    flags.drainTimeout = 0;
    assertThat(new ConfigResolver(Map.of(), null).drainTimeout(flags)).isEqualTo(Duration.ZERO);
    assertThatThrownBy(
            () ->
                new ConfigResolver(Map.of("TABULA_DRAIN_TIMEOUT", "-1"), null)
                    .drainTimeout(flags()))
        .hasMessage("tabula: TABULA_DRAIN_TIMEOUT: -1 is out of range (0 to 3600)");
  }

  @Test
  void ttlSweepInterval_defaultsToSixtySeconds_zeroIsOff_fromTheEnvironmentToo() {
    ServeCommand flags = new ServeCommand();
    assertThat(new ConfigResolver(Map.of(), null).ttlSweepInterval(flags)).hasSeconds(60);
    assertThat(
            new ConfigResolver(Map.of("TABULA_TTL_SWEEP_INTERVAL", "5"), null)
                .ttlSweepInterval(flags))
        .hasSeconds(5);
    flags.ttlSweepInterval = 0;
    assertThat(new ConfigResolver(Map.of(), null).ttlSweepInterval(flags)).isZero();
    assertThat(ConfigFileKeys.known()).contains("ttl-sweep-interval");
  }

  @Test
  void configFileKeys_areTheFlags_andUnknownOnesGetTheLikelyMeantKey() {
    assertThat(ConfigFileKeys.known())
        .contains("port", "data-dir", "accounts", "drain-timeout", "cassandra-keyspace")
        .doesNotContain("account", "config", "debug", "help", "in-memory");
    assertThat(ConfigFileKeys.likelyMeant("prot", ConfigFileKeys.known())).isEqualTo("port");
    assertThat(ConfigFileKeys.likelyMeant("DATA_DIR", ConfigFileKeys.known()))
        .isEqualTo("data-dir");
    assertThat(ConfigFileKeys.likelyMeant("colour", ConfigFileKeys.known())).isNull();
  }

  @Test
  void accounts_sayWhatIsWrong_neverTheKey() {
    String key = "c2VjcmV0LWtleQ==";
    assertThatThrownBy(() -> parse("alice:" + key + ";" + key))
        .hasMessage(
            "tabula: --account: account #2 has no ':' between its name and its key"
                + " (an account is name:base64key[:base64key2])");
    assertThatThrownBy(() -> parse("alice:"))
        .hasMessageContaining("account 'alice' has no key after its ':'");
    assertThatThrownBy(() -> parse(":" + key)).hasMessageContaining("account #1 has no name");
    assertThatThrownBy(() -> parse("bob:" + key + "!"))
        .hasMessageContaining("the key of account 'bob' is not base64")
        .hasMessageNotContaining(key);
    assertThat(parse(" alice:" + key + " ; ")).containsExactly(new Account("alice", key));
  }

  private static java.util.List<Account> parse(String text) {
    return AccountDefinitions.parse(new ConfigResolver.Picked(text, "--account"));
  }

  private static ServeCommand flags() {
    return new ServeCommand();
  }
}
