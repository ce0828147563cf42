package dev.tabula.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The temp directories the engine-backed benchmarks keep their RocksDB data in. */
final class BenchDirs {
  private BenchDirs() {}

  /** Deletes {@code dir} and everything under it, deepest first. */
  static void delete(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    }
  }
}
