package dev.tabula.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --console-account}: from the flag, the environment or the config file, and refused when no
 * account of that name is served. Broken once (the served check removed from ServerConfig):
 * notServed_isRefused went red.
 */
class ConsoleAccountConfigTest {
  @TempDir Path dir;

  @Test
  void none_byDefault() {
    assertThat(new ConfigResolver(Map.of(), null).resolve(new ServeCommand()).transport())
        .extracting(Transport::consoleAccount)
        .isNull();
  }

  @Test
  void fromTheFlag() {
    ServeCommand flags = new ServeCommand();
    flags.consoleAccount = "devstoreaccount1";
    assertThat(new ConfigResolver(Map.of(), null).resolve(flags).transport().consoleAccount())
        .isEqualTo("devstoreaccount1");
  }

  @Test
  void fromTheEnvironment() {
    Map<String, String> env = Map.of("TABULA_CONSOLE_ACCOUNT", " devstoreaccount1 ");
    assertThat(
            new ConfigResolver(env, null).resolve(new ServeCommand()).transport().consoleAccount())
        .isEqualTo("devstoreaccount1");
  }

  @Test
  void fromTheConfigFile() throws IOException {
    Path file =
        Files.writeString(dir.resolve("tabula.properties"), "console-account=devstoreaccount1\n");
    assertThat(
            new ConfigResolver(Map.of(), file)
                .resolve(new ServeCommand())
                .transport()
                .consoleAccount())
        .isEqualTo("devstoreaccount1");
  }

  @Test
  void notServed_isRefused() {
    ServeCommand flags = new ServeCommand();
    flags.consoleAccount = "nobody";
    assertThatThrownBy(() -> new ConfigResolver(Map.of(), null).resolve(flags))
        .isInstanceOf(OperatorError.class)
        .hasMessage("tabula: the console account nobody (--console-account) is not served");
  }
}
