package dev.tabula.engine.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The write-ahead log mark failing for lack of space while writes still go through (RocksDB had
 * room left in a preallocated log): the marker retries every second, and the log must say so once
 * per full disk and once when the mark is written again, as the server prints it (slf4j-simple, to
 * standard error). The mark's failure after writes were refused, and the whole server's log, are
 * checked by the conformance suite's {@code DiskFullCrashIT} on a real full disk.
 */
class RocksDiskSpaceLogTest {
  @TempDir Path dir;

  @Test
  void aMarkFailingEverySecond_isSaidOncePerFullDisk_andItsEndOnce() {
    IOException full = new IOException("No space left on device");
    List<String> lines =
        printed(
            () -> {
              try (RocksDiskSpace space =
                  new RocksDiskSpace(
                      dir,
                      () -> {
                        throw new AssertionError("writes never failed: nothing to reopen");
                      })) {
                for (int episode = 0; episode < 2; episode++) {
                  for (int retry = 0; retry < 5; retry++) {
                    space.markFailed(full);
                  }
                  for (int mark = 0; mark < 3; mark++) {
                    space.markWritten();
                  }
                }
              }
            });

    assertThat(lines)
        .filteredOn(l -> l.contains(" WARN "))
        .hasSize(2)
        .allMatch(
            l ->
                l.contains("Out of disk space in " + dir)
                    && l.contains(
                        "cannot update the write-ahead log mark (No space left on device)"));
    assertThat(lines)
        .filteredOn(l -> l.contains(" INFO "))
        .hasSize(2)
        .allMatch(
            l ->
                l.contains("Disk space is available again in " + dir)
                    && l.contains("the write-ahead log mark is written again"));
    assertThat(lines).hasSize(4);
  }

  /** What {@code action} logged: slf4j-simple writes to whatever System.err is at the time. */
  private static List<String> printed(Runnable action) {
    PrintStream saved = System.err;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      action.run();
    } finally {
      System.setErr(saved);
    }
    return bytes.toString(StandardCharsets.UTF_8).lines().toList();
  }
}
