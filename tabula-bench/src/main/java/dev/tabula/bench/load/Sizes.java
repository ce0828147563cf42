package dev.tabula.bench.load;

import java.util.Locale;

/** Short labels for table sizes in workload names: 10k, 100k, 1M. */
public final class Sizes {
  private Sizes() {}

  /** {@code 10000} as {@code 10k}, {@code 1000000} as {@code 1M}; other numbers as they are. */
  public static String label(long entities) {
    if (entities >= 1_000_000 && entities % 1_000_000 == 0) {
      return entities / 1_000_000 + "M";
    }
    if (entities >= 1_000 && entities % 1_000 == 0) {
      return entities / 1_000 + "k";
    }
    return String.format(Locale.ROOT, "%d", entities);
  }
}
