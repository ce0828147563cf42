package dev.tabula.engine;

import java.util.Objects;

/**
 * Whether an engine can serve reads and writes now, and if not, why, in one line an operator can
 * act on ("the disk is full (writes refused)", "no Cassandra node reachable"). What a readiness
 * probe answers: a server whose engine is not ready should be taken out of a load balancer's
 * rotation, not restarted.
 *
 * @param ready whether the engine is open and takes writes
 * @param reason why not, or {@code "ready"}
 */
public record Readiness(boolean ready, String reason) {
  /** Open and taking writes. */
  public static final Readiness READY = new Readiness(true, "ready");

  /** The engine was closed (the server is shutting down). */
  public static final Readiness CLOSED = notReady("the storage engine is closed");

  public Readiness {
    Objects.requireNonNull(reason, "reason");
  }

  /** Not ready, for {@code reason}: one line, without a trailing period. */
  public static Readiness notReady(String reason) {
    return new Readiness(false, reason);
  }
}
