package dev.tabula.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The version Tabula says is the pom's: surefire passes the pom's {@code project.version} as {@code
 * tabula.pom.version} (tabula-server/pom.xml).
 */
class TabulaVersionTest {
  private static final String POM_VERSION = System.getProperty("tabula.pom.version", "");

  @Test
  void current_isThePomsVersion() {
    assertThat(POM_VERSION).isNotBlank();
    assertThat(TabulaVersion.current()).isEqualTo(POM_VERSION);
  }

  /** The real command in a JVM of its own, as a user runs it. */
  @Test
  void versionFlag_printsThePomsVersionAndExitsZero() throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder(
                List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp",
                    System.getProperty("java.class.path"),
                    TabulaCli.class.getName(),
                    "--version"))
            .redirectErrorStream(true)
            .start();
    boolean exited = process.waitFor(60, TimeUnit.SECONDS);
    if (!exited) {
      process.destroyForcibly();
    }
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

    assertThat(exited).as("exited within 60 s").isTrue();
    assertThat(process.exitValue()).as(output).isZero();
    assertThat(output.strip()).isEqualTo("tabula " + POM_VERSION);
  }
}
