package dev.tabula.conformance.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.server.TabulaCli;
import java.util.List;

/**
 * Runs the real {@code tabula} transfer commands (export, import, copy) in the test's JVM through
 * {@link TabulaCli#run}, the entry point {@code main} calls, and requires them to succeed.
 */
public final class TransferCommands {
  private TransferCommands() {}

  /** Runs {@code tabula args...}; fails unless it ends with status 0 (done). */
  public static void tabula(String... args) {
    int status = TabulaCli.run(args);
    assertThat(status)
        .as(
            "tabula %s ended with status %d (its output is above)",
            String.join(" ", List.of(args)), status)
        .isZero();
  }
}
