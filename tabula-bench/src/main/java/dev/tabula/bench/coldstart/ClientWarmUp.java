package dev.tabula.bench.coldstart;

import dev.tabula.bench.load.EntityShape;
import dev.tabula.bench.load.InsertWorkload;
import dev.tabula.bench.load.LoadRunner;
import dev.tabula.bench.load.RunBounds;
import dev.tabula.bench.load.RunSettings;
import dev.tabula.bench.load.RunStats;
import dev.tabula.bench.load.TableEndpoint;
import java.time.Duration;

/**
 * Compiles the load client before the server under test exists: the same insert load, from the same
 * number of clients, against an in-process {@link NoContentServer} for a few seconds, then that
 * server closed so it takes no CPU from the measured run.
 */
final class ClientWarmUp {
  private static final int TIMEOUT_MILLIS = 10_000;

  private ClientWarmUp() {}

  /** Runs the warm-up; returns the operations it completed (for the log). */
  static long run(int clients, Duration time) {
    try (NoContentServer target = new NoContentServer()) {
      TableEndpoint endpoint = TableEndpoint.development("127.0.0.1", target.port());
      RunSettings settings =
          new RunSettings(
              clients, new RunBounds(Long.MAX_VALUE, time), Duration.ZERO, TIMEOUT_MILLIS);
      RunStats stats = LoadRunner.run(endpoint, settings, insertsOf(clients).operation());
      return stats.operations();
    }
  }

  /** The insert workload the measured run also sends: 1 KiB entities of 10 properties. */
  static InsertWorkload insertsOf(int clients) {
    return new InsertWorkload(new EntityShape(1, 1, 1024, EntityShape.DEFAULT_PROPERTIES), clients);
  }
}
