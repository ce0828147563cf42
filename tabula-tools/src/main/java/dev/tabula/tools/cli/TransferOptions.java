package dev.tabula.tools.cli;

import dev.tabula.tools.transfer.WriteMode;
import java.util.Locale;
import picocli.CommandLine.Option;

/** The options import and copy share: how rows are written, how many at once, what is shown. */
public final class TransferOptions {
  static final int MAX_CONCURRENCY = 64;

  @Option(
      names = "--mode",
      paramLabel = "insert|merge|replace",
      defaultValue = "insert",
      description =
          "insert (an existing entity is a refused row), merge (Insert Or Merge) or replace"
              + " (Insert Or Replace). Default: ${DEFAULT-VALUE}.")
  String mode = "insert";

  @Option(
      names = "--concurrency",
      paramLabel = "N",
      defaultValue = "8",
      description =
          "Entity group transactions in flight at once (1-64). Default: ${DEFAULT-VALUE}.")
  int concurrency = 8;

  @Option(
      names = "--fail-fast",
      description = "Stop at the first refused row (the transactions in flight finish).")
  boolean failFast;

  @Option(
      names = "--progress",
      paramLabel = "auto|bar|lines|none",
      defaultValue = "auto",
      description =
          "A progress bar (on a terminal), a line every 5 s, or nothing. Default: ${DEFAULT-VALUE}.")
  String progress = "auto";

  /** The write mode asked for. */
  WriteMode writeMode() {
    return WriteMode.named(mode)
        .orElseThrow(() -> new ToolError("--mode " + mode + ": use insert, merge or replace"));
  }

  /** The concurrency asked for, checked. */
  int concurrency() {
    if (concurrency < 1 || concurrency > MAX_CONCURRENCY) {
      throw new ToolError("--concurrency " + concurrency + ": use 1 to " + MAX_CONCURRENCY);
    }
    return concurrency;
  }

  /** The progress display asked for. */
  Progress.Mode progressMode() {
    try {
      return Progress.Mode.valueOf(progress.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new ToolError("--progress " + progress + ": use auto, bar, lines or none");
    }
  }
}
