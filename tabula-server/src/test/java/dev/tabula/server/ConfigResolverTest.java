package dev.tabula.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The resource bounds come from a flag, else TABULA_* env, else the config file, else default. */
class ConfigResolverTest {
  private static final long MIB = 1024L * 1024;

  @TempDir Path dir;

  @Test
  void resources_withNothingSet_areTheDefaults() {
    Resources resources =
        new ConfigResolver(Map.of(), null).resolve(new ServeCommand()).resources();

    assertThat(resources).isEqualTo(Resources.DEFAULTS);
    assertThat(resources.workers()).isEqualTo(64);
    assertThat(resources.queueCapacity()).isEqualTo(4096);
    assertThat(resources.blockCacheBytes()).isEqualTo(64 * MIB);
    assertThat(resources.requestMemoryBytes())
        .isEqualTo(Math.max(16 * MIB, Runtime.getRuntime().maxMemory() / 4));
    assertThat(resources.maxConnections()).isEqualTo(10_000);
  }

  @Test
  void resources_comeFromTheConfigFile() throws IOException {
    Path file = dir.resolve("tabula.properties");
    Files.writeString(
        file,
        "workers=3\nqueue=7\nblock-cache-mb=9\nrequest-memory-mb=11\n" + "max-connections=13\n");

    Resources resources =
        new ConfigResolver(Map.of(), file).resolve(new ServeCommand()).resources();

    assertThat(resources).isEqualTo(new Resources(3, 7, 9 * MIB, 11 * MIB, 13));
  }

  @Test
  void resources_environmentBeatsTheFile_andFlagsBeatTheEnvironment() throws IOException {
    Path file = dir.resolve("tabula.properties");
    Files.writeString(
        file,
        "workers=3\nqueue=7\nblock-cache-mb=9\nrequest-memory-mb=11\n" + "max-connections=13\n");
    Map<String, String> env =
        Map.of(
            "TABULA_WORKERS",
            "4",
            "TABULA_QUEUE",
            "8",
            "TABULA_BLOCK_CACHE_MB",
            "10",
            "TABULA_REQUEST_MEMORY_MB",
            "12",
            "TABULA_MAX_CONNECTIONS",
            "14");
    ServeCommand flags = new ServeCommand();
    flags.workers = 5;
    flags.requestMemoryMb = 13L;
    flags.maxConnections = 15;

    Resources resources = new ConfigResolver(env, file).resolve(flags).resources();

    assertThat(resources).isEqualTo(new Resources(5, 8, 10 * MIB, 13 * MIB, 15));
  }

  @Test
  void adminListener_isOffByDefault_andComesFromFlagEnvOrFile() throws IOException {
    Transport none = new ConfigResolver(Map.of(), null).resolve(new ServeCommand()).transport();
    assertThat(none.servesAdmin()).isFalse();
    assertThat(none.adminHost()).isEqualTo("127.0.0.1");

    Path file = dir.resolve("tabula.properties");
    Files.writeString(file, "admin-port=9464\nadmin-host=10.0.0.1\n");
    Transport fromFile = new ConfigResolver(Map.of(), file).resolve(new ServeCommand()).transport();
    assertThat(fromFile.adminPort()).isEqualTo(9464);
    assertThat(fromFile.adminHost()).isEqualTo("10.0.0.1");

    Map<String, String> env = Map.of("TABULA_ADMIN_PORT", "9465", "TABULA_ADMIN_HOST", "0.0.0.0");
    Transport fromEnv = new ConfigResolver(env, file).resolve(new ServeCommand()).transport();
    assertThat(fromEnv.adminPort()).isEqualTo(9465);
    assertThat(fromEnv.adminHost()).isEqualTo("0.0.0.0");

    ServeCommand flags = new ServeCommand();
    flags.adminPort = 0;
    flags.adminHost = "127.0.0.2";
    Transport fromFlags = new ConfigResolver(env, file).resolve(flags).transport();
    assertThat(fromFlags.adminPort()).isZero();
    assertThat(fromFlags.servesAdmin()).isTrue();
    assertThat(fromFlags.adminHost()).isEqualTo("127.0.0.2");
  }

  @Test
  void adminToken_comesFromFlagEnvOrFile_andAShortOneIsRefusedWithoutBeingShown()
      throws IOException {
    assertThat(new ConfigResolver(Map.of(), null).resolve(new ServeCommand()).transport())
        .extracting(Transport::adminToken)
        .isNull();
    Path file = dir.resolve("tabula.properties");
    Files.writeString(file, "admin-token=file-token-0123456789\n");
    Transport fromFile = new ConfigResolver(Map.of(), file).resolve(new ServeCommand()).transport();
    assertThat(fromFile.adminToken()).isNotNull();
    assertThat(fromFile.toString()).doesNotContain("file-token").contains("AdminToken[hidden]");

    Map<String, String> shortEnv = Map.of("TABULA_ADMIN_TOKEN", "short-secret");
    assertThatThrownBy(() -> new ConfigResolver(shortEnv, file).resolve(new ServeCommand()))
        .isInstanceOf(OperatorError.class)
        .hasMessage("tabula: TABULA_ADMIN_TOKEN: the admin token must be at least 16 characters");
    ServeCommand flags = new ServeCommand();
    flags.adminToken = "has a space 0123456789";
    assertThatThrownBy(() -> new ConfigResolver(Map.of(), file).resolve(flags))
        .hasMessage(
            "tabula: --admin-token: the admin token must be printable ASCII without spaces");
  }

  @Test
  void resources_outOfRange_areRefused() {
    ServeCommand noWorkers = new ServeCommand();
    noWorkers.workers = 0;
    ServeCommand noQueue = new ServeCommand();
    noQueue.queue = 0;
    ServeCommand noCache = new ServeCommand();
    noCache.blockCacheMb = 0L;
    ServeCommand noRequestMemory = new ServeCommand();
    noRequestMemory.requestMemoryMb = 0L;
    ServeCommand noConnections = new ServeCommand();
    noConnections.maxConnections = 0;

    for (ServeCommand flags :
        new ServeCommand[] {noWorkers, noQueue, noCache, noRequestMemory, noConnections}) {
      assertThatThrownBy(() -> new ConfigResolver(Map.of(), null).resolve(flags))
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void acceptWalDataLoss_isOffByDefault_andComesFromFlagEnvOrFile() throws IOException {
    Path file = dir.resolve("tabula.properties");
    Files.writeString(file, "accept-wal-data-loss=true\n");
    ServeCommand flag = new ServeCommand();
    flag.acceptWalDataLoss = true;

    assertThat(new ConfigResolver(Map.of(), null).acceptWalDataLoss(new ServeCommand())).isFalse();
    assertThat(new ConfigResolver(Map.of(), file).acceptWalDataLoss(new ServeCommand())).isTrue();
    assertThat(
            new ConfigResolver(Map.of("TABULA_ACCEPT_WAL_DATA_LOSS", "false"), file)
                .acceptWalDataLoss(new ServeCommand()))
        .isFalse();
    assertThat(
            new ConfigResolver(Map.of("TABULA_ACCEPT_WAL_DATA_LOSS", "false"), null)
                .acceptWalDataLoss(flag))
        .isTrue();
    assertThatThrownBy(
            () ->
                new ConfigResolver(Map.of("TABULA_ACCEPT_WAL_DATA_LOSS", "yes"), null)
                    .acceptWalDataLoss(new ServeCommand()))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
