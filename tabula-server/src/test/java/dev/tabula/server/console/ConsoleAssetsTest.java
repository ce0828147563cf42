package dev.tabula.server.console;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which paths name a file of the console. The class loader refuses most climbs on its own (in a jar
 * nothing is normalized), so the segment check is tested here, where it alone decides: broken once
 * (leading dots allowed), the climbing paths were taken as safe.
 */
class ConsoleAssetsTest {
  private final ConsoleAssets assets = new ConsoleAssets();

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/console/../metrics",
        "/console/../web/app.js",
        "/console/vendor/preact/../../web/index.html",
        "/console/%2e%2e/web/app.js",
        "/console/.hidden.js",
        "/console/a\\b.js",
        "/console//app.js",
        "/console/app.js/",
        "/console/app.js;x"
      })
  void pathsThatAreNotPlainFileNames_areNotSafe(String path) {
    assertThat(ConsoleAssets.safe(path)).isFalse();
    assertThat(assets.find(path)).isEmpty();
  }

  @Test
  void theConsolesFiles_areFound() {
    assertThat(ConsoleAssets.safe("/console/app.js")).isTrue();
    assertThat(assets.find("/console/app.js")).isPresent();
    assertThat(assets.find("/console/").orElseThrow().contentType()).startsWith("text/html");
    assertThat(assets.find("/console/vendor/preact/dist/preact.module.js")).isPresent();
    assertThat(assets.find("/console/vendor/uplot/dist/uPlot.esm.js")).isPresent();
  }

  @Test
  void filesOfNoServedType_areNotFound() {
    assertThat(assets.find("/console/vendor/uplot/README.md")).isEmpty();
    assertThat(assets.find("/console/vendor/preact/package.json")).isPresent(); // JSON is served
  }
}
