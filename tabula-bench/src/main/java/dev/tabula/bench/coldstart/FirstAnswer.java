package dev.tabula.bench.coldstart;

import dev.tabula.bench.load.TableConnection;
import dev.tabula.bench.load.TableEndpoint;
import java.io.IOException;

/**
 * Waits for a launched server's first correct signed answer: a Query Tables ({@code GET /Tables})
 * answered 200, tried every few milliseconds until then (a refused connection or any other answer
 * is a miss), so the time measured is when a client could first use the server.
 */
final class FirstAnswer {
  private static final long POLL_MILLIS = 5;
  private static final int REQUEST_TIMEOUT_MILLIS = 10_000;

  private FirstAnswer() {}

  /**
   * Milliseconds from {@code launch} to the first 200 from {@code endpoint}.
   *
   * @throws IOException when the process exited or {@code timeoutMillis} passed first
   */
  static long await(ServerLaunch launch, TableEndpoint endpoint, long timeoutMillis)
      throws IOException, InterruptedException {
    long giveUp = launch.startNanos() + timeoutMillis * 1_000_000L;
    String last = "no attempt";
    while (System.nanoTime() - giveUp < 0) {
      try (TableConnection connection = new TableConnection(endpoint, REQUEST_TIMEOUT_MILLIS)) {
        int status = connection.send("GET", "Tables", null, null, null).status();
        if (status == 200) {
          return (System.nanoTime() - launch.startNanos()) / 1_000_000L;
        }
        last = "answered " + status;
      } catch (IOException e) {
        last = e.toString();
      }
      if (!launch.alive()) {
        throw new IOException("the server exited before answering (last: " + last + ")");
      }
      Thread.sleep(POLL_MILLIS);
    }
    throw new IOException("no answer in " + timeoutMillis + " ms (last: " + last + ")");
  }
}
