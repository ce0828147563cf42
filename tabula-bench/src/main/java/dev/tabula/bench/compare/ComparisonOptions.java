package dev.tabula.bench.compare;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The command line of {@link QueryComparison}: {@code --target name=http://host:port/account}
 * (repeated; the first is the ratio's numerator) and the sizes and bounds below, each with a
 * default that is issue 3's workload.
 */
final class ComparisonOptions {
  final Map<String, URI> targets = new LinkedHashMap<>();
  int entities = 100_000;
  int rounds = 3;
  int partitionQueries = 300;
  Duration partitionTime = Duration.ofSeconds(20);
  int scans = 3;
  Duration scanTime = Duration.ofSeconds(120);
  int batchInFlight = 4;
  int singleInFlight = 16;
  Duration loadTime = Duration.ofMinutes(15);
  String forceMethod;
  String out;

  static ComparisonOptions parse(String[] args) {
    ComparisonOptions options = new ComparisonOptions();
    List<String> rest = new ArrayList<>(List.of(args));
    while (!rest.isEmpty()) {
      String flag = rest.remove(0);
      if (rest.isEmpty()) {
        throw new IllegalArgumentException("missing value after " + flag);
      }
      options.set(flag, rest.remove(0));
    }
    if (options.targets.isEmpty()) {
      throw new IllegalArgumentException("give at least one --target name=url");
    }
    return options;
  }

  private void set(String flag, String value) {
    switch (flag) {
      case "--target" -> {
        int eq = value.indexOf('=');
        if (eq <= 0) {
          throw new IllegalArgumentException("--target is name=url, got " + value);
        }
        targets.put(value.substring(0, eq), URI.create(value.substring(eq + 1)));
      }
      case "--entities" -> entities = Integer.parseInt(value);
      case "--rounds" -> rounds = Integer.parseInt(value);
      case "--partition-queries" -> partitionQueries = Integer.parseInt(value);
      case "--partition-seconds" -> partitionTime = Duration.ofSeconds(Long.parseLong(value));
      case "--scans" -> scans = Integer.parseInt(value);
      case "--scan-seconds" -> scanTime = Duration.ofSeconds(Long.parseLong(value));
      case "--batch-in-flight" -> batchInFlight = Integer.parseInt(value);
      case "--single-in-flight" -> singleInFlight = Integer.parseInt(value);
      case "--load-seconds" -> loadTime = Duration.ofSeconds(Long.parseLong(value));
      case "--load-method" -> forceMethod = value;
      case "--out" -> out = value;
      default -> throw new IllegalArgumentException("unknown option " + flag);
    }
  }
}
