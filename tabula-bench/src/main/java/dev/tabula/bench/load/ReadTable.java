package dev.tabula.bench.load;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A table loaded with every entity of a shape, which read workloads query.
 *
 * @param name the table's name
 * @param shape what it holds (once loaded)
 */
public record ReadTable(String name, EntityShape shape) {

  /**
   * Loads partitions {@code [from, shape.partitions())} with {@code $batch}, 4 in flight, creating
   * the table first when {@code from} is 0; unmeasured set-up, but its rate is reported.
   */
  public WorkloadResult load(TableEndpoint endpoint, int from, Duration budget) {
    if (from == 0) {
      try (TableConnection admin = new TableConnection(endpoint, 60_000)) {
        new ScratchTable(name).create(admin);
      } catch (IOException e) {
        return new WorkloadResult("load", Map.of(), List.of(e.getMessage()));
      }
    }
    return TableFill.fill(endpoint, name, shape, from, 4, budget);
  }
}
