package dev.tabula.bench.load;

import java.io.IOException;
import java.util.List;

/**
 * A load to measure: what it sets up (unmeasured), the operation its workers repeat, what must hold
 * afterwards, and what it removes. A workload instance is used for one run.
 */
public interface Workload {
  /** The name it is reported under ({@code insert c=16}). */
  String name();

  /**
   * The settings this workload runs with, given the ones asked for (a one-shot workload narrows
   * them).
   */
  default RunSettings settings(RunSettings asked) {
    return asked;
  }

  /** Creates what the run needs (tables, entities), unmeasured. */
  default void setUp(TableConnection admin, RunSettings settings) throws IOException {}

  /** The operation the workers repeat. */
  Operation operation();

  /** Checks the server's state after the run (counts, keys present); returns what is wrong. */
  default List<String> verify(TableConnection admin, RunStats stats) throws IOException {
    return List.of();
  }

  /** Removes what {@link #setUp} created. */
  default void tearDown(TableConnection admin) throws IOException {}
}
