package dev.tabula.server;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The keys a config file may hold: those of {@code tabula serve}'s flags without their {@code --}
 * (taken from the command itself, so a new flag is a known key at once), {@code accounts} for
 * {@code --account}, and none for the flags that only make sense on the command line. An unknown
 * key is refused rather than ignored: a misspelt {@code prot=8080} would otherwise start the server
 * on the default port without a word.
 */
final class ConfigFileKeys {
  /** Flags with no config-file key. */
  private static final Set<String> COMMAND_LINE_ONLY =
      Set.of("help", "version", "config", "in-memory", "debug", "account");

  private ConfigFileKeys() {}

  /**
   * @throws OperatorError naming the unknown keys of {@code file}, each with the known key it
   *     likely meant
   */
  static void check(Collection<String> keys, Path file) {
    Set<String> known = known();
    List<String> unknown =
        keys.stream()
            .filter(key -> !known.contains(key))
            .sorted()
            .map(key -> "'" + key + "'" + suggestion(key, known))
            .toList();
    if (!unknown.isEmpty()) {
      throw new OperatorError(
          "tabula: config file "
              + file
              + ": unknown key"
              + (unknown.size() == 1 ? " " : "s ")
              + String.join(", ", unknown));
    }
  }

  /** Every key a config file may hold. */
  static Set<String> known() {
    Set<String> keys = new TreeSet<>();
    for (OptionSpec option : CommandSpec.forAnnotatedObject(new ServeCommand()).options()) {
      String key = option.longestName().replaceFirst("^-+", "");
      if (!COMMAND_LINE_ONLY.contains(key)) {
        keys.add(key);
      }
    }
    keys.add("accounts");
    return keys;
  }

  private static String suggestion(String key, Set<String> known) {
    String meant = likelyMeant(key, known);
    return meant == null ? "" : " (did you mean '" + meant + "'?)";
  }

  /**
   * The known key that {@code key} differs from only in case and separators ({@code DATA_DIR},
   * {@code dataDir}) or by at most two typed characters ({@code prot}); null when none.
   */
  static @Nullable String likelyMeant(String key, Set<String> known) {
    String bare = bare(key);
    for (String candidate : known) {
      if (bare(candidate).equals(bare)) {
        return candidate;
      }
    }
    return known.stream()
        .filter(candidate -> distance(key, candidate) <= 2)
        .min((a, b) -> distance(key, a) - distance(key, b))
        .orElse(null);
  }

  private static String bare(String key) {
    return key.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
  }

  /** Edit distance with adjacent swaps (optimal string alignment), so {@code prot} is 1. */
  private static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
