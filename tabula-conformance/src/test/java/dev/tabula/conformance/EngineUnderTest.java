package dev.tabula.conformance;

import dev.tabula.server.EngineKind;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * One run of a contract: the engine the server stores in and the page size it answers listings
 * with. Its name is what reports show for the run ("Rocks", "Cassandra, pages of 7"), so a failure
 * says where it happened.
 */
record EngineUnderTest(EngineKind engine, int pageSize) {
  /** The service's page size (1,000 entities or tables), which every contract runs at. */
  static final int SERVICE_PAGE_SIZE = 1000;

  /**
   * Names the engines to run, comma-separated ({@code memory,rocksdb,cassandra}); every engine when
   * unset. The Cassandra lane runs {@code -Dtabula.engines=cassandra}.
   */
  static final String ENGINES_PROPERTY = "tabula.engines";

  /** The engines {@value #ENGINES_PROPERTY} selects, at the service's page size. */
  static List<EngineUnderTest> everyEngine() {
    return selectedEngines().stream().map(e -> new EngineUnderTest(e, SERVICE_PAGE_SIZE)).toList();
  }

  /**
   * The selected engines at the service's page size and at pages of 1 and 7, so that every listing
   * continues, and continuation tokens land inside and between partitions.
   */
  static List<EngineUnderTest> everyEngineAndPageSize() {
    return selectedEngines().stream()
        .flatMap(e -> List.of(SERVICE_PAGE_SIZE, 1, 7).stream().map(s -> new EngineUnderTest(e, s)))
        .toList();
  }

  private static List<EngineKind> selectedEngines() {
    String names = System.getProperty(ENGINES_PROPERTY, "");
    if (names.isBlank()) {
      return List.of(EngineKind.MEMORY, EngineKind.ROCKSDB, EngineKind.CASSANDRA);
    }
    return Arrays.stream(names.split(","))
        .map(name -> EngineKind.valueOf(name.trim().toUpperCase(Locale.ROOT)))
        .toList();
  }

  @Override
  public String toString() {
    String name =
        switch (engine) {
          case MEMORY -> "Memory";
          case ROCKSDB -> "Rocks";
          case CASSANDRA -> "Cassandra";
        };
    return pageSize == SERVICE_PAGE_SIZE ? name : name + ", pages of " + pageSize;
  }
}
