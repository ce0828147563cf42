package dev.tabula.tools.cli;

import dev.tabula.tools.format.FileFormat;
import java.util.Locale;

/** The lower-case words of the options that name a choice, read with a one-line error. */
final class Choices {
  private Choices() {}

  static Progress.Mode progress(String word) {
    return switch (word.toLowerCase(Locale.ROOT)) {
      case "auto" -> Progress.Mode.AUTO;
      case "bar" -> Progress.Mode.BAR;
      case "lines" -> Progress.Mode.LINES;
      case "none" -> Progress.Mode.NONE;
      default ->
          throw new ToolError(
              "--progress must be one of auto, bar, lines, none, not '" + word + "'");
    };
  }

  static FileFormat fileFormat(String word) {
    return switch (word.toLowerCase(Locale.ROOT)) {
      case "jsonl" -> FileFormat.JSONL;
      case "csv" -> FileFormat.CSV;
      default -> throw new ToolError("--format must be one of jsonl, csv, not '" + word + "'");
    };
  }
}
