package dev.tabula.conformance.crash;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

/**
 * What a server's log (its output, in the format of the server's shipped logging) may say about one
 * full disk: one warning that writes answer 503, at most one that the write-ahead log mark cannot
 * be written (when that failed first), one line when writes are back, and nothing else: no repeats,
 * no other warnings, no stack traces.
 */
final class DiskFullLog {
  private DiskFullLog() {}

  /** The warning and error lines of {@code lines}: {@code <time> WARN <logger>: <message>}. */
  static List<String> warnings(List<String> lines) {
    return lines.stream().filter(l -> l.matches("\\S+ (WARN|ERROR) .*")).toList();
  }

  /** Checks {@code lines} against one episode of a full disk, recovered or not. */
  static void assertOncePerSymptom(List<String> lines, boolean recovered) {
    String log = String.join("\n", lines);
    assertThat(lines)
        .as("no stack trace in\n%s", log)
        .noneMatch(l -> l.startsWith("\tat ") || l.startsWith("Caused by: "));
    List<String> warnings = warnings(lines);
    assertThat(warnings)
        .as("every warning is about the full disk, in\n%s", log)
        .allMatch(l -> l.contains("Out of disk space"));
    assertThat(warnings)
        .as("refused writes said once, in\n%s", log)
        .filteredOn(l -> l.contains("writes answer 503"))
        .hasSize(1);
    assertThat(warnings)
        .as("at most one more warning, for the mark, in\n%s", log)
        .hasSizeLessThanOrEqualTo(2);
    assertThat(lines)
        .as("the recovery said once, in\n%s", log)
        .filteredOn(l -> l.contains("Disk space is available again"))
        .hasSize(recovered ? 1 : 0);
  }
}
