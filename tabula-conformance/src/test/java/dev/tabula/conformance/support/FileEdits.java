package dev.tabula.conformance.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Changes to the files a server reads again while it runs, made as people and tools make them. */
public final class FileEdits {
  private FileEdits() {}

  /** Replaces the file as editors do: a new file renamed over the old one. */
  public static void replace(Path file, String text) throws IOException {
    Path next = Files.writeString(file.resolveSibling(file.getFileName() + ".new"), text);
    Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
