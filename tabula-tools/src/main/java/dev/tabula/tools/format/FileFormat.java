package dev.tabula.tools.format;

import java.util.Locale;

/** The entity file formats, and the one a file name implies. */
public enum FileFormat {
  /** JSON Lines: one OData JSON entity a line, types annotated. */
  JSONL("jsonl"),
  /** CSV with a {@code name@type} column beside each typed property. */
  CSV("csv");

  private final String extension;

  FileFormat(String extension) {
    this.extension = extension;
  }

  /** The file name extension, without the dot. */
  public String extension() {
    return extension;
  }

  /** The format a file name implies: CSV for {@code .csv}, JSON Lines otherwise. */
  public static FileFormat ofFileName(String name) {
    return name.toLowerCase(Locale.ROOT).endsWith(".csv") ? CSV : JSONL;
  }
}
