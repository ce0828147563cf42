package dev.tabula.engine.tck;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A UTC wall clock that follows the system clock until a test sets it, so tests can freeze time
 * (every commit then falls in the same 100 ns tick) or step it back (as NTP may after a restart).
 * Thread-safe.
 */
public final class SettableClock extends Clock {
  private volatile Instant fixed;

  /** Pins the clock at {@code instant} until set again; null follows the system clock again. */
  public void set(Instant instant) {
    fixed = instant;
  }

  @Override
  public Instant instant() {
    Instant pinned = fixed;
    return pinned != null ? pinned : Instant.now();
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException("a commit clock is always UTC");
  }
}
