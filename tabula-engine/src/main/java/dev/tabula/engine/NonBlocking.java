package dev.tabula.engine;

import java.util.function.Supplier;

/**
 * Engine calls made from a thread that must never wait (a network event loop). Inside {@link
 * #attempt}, an engine that declares {@link Capability#NON_BLOCKING_READS} answers a read only from
 * memory and throws {@link WouldBlock} instead of waiting for a disk, a lock or the network; every
 * other call throws {@link WouldBlock} before it has any effect. The caller then makes the same
 * call again on a thread that may wait.
 *
 * <p>Why: a point read of a cached entity costs microseconds, but handing it to a worker thread and
 * back costs two thread wake-ups, which on a small machine are most of a read's time.
 */
public final class NonBlocking {
  private static final ThreadLocal<Boolean> ACTIVE = ThreadLocal.withInitial(() -> Boolean.FALSE);

  private NonBlocking() {}

  /**
   * Runs {@code call} with non-blocking engine calls.
   *
   * @throws WouldBlock when an engine call could not be answered without waiting
   */
  public static <T> T attempt(Supplier<T> call) {
    if (ACTIVE.get()) {
      return call.get();
    }
    ACTIVE.set(Boolean.TRUE);
    try {
      return call.get();
    } finally {
      ACTIVE.set(Boolean.FALSE);
    }
  }

  /** Whether engine calls on this thread must not wait. */
  public static boolean active() {
    return ACTIVE.get();
  }

  /** For engine calls that may wait: throws {@link WouldBlock} inside {@link #attempt}. */
  public static void refuseIfActive() {
    if (ACTIVE.get()) {
      throw WouldBlock.INSTANCE;
    }
  }

  /** The exception an engine throws for a call it cannot answer without waiting. */
  public static WouldBlock refusal() {
    return WouldBlock.INSTANCE;
  }

  /**
   * An engine call that would have had to wait. Thrown often on a hot path, and never a failure, so
   * it is one shared instance without a stack trace.
   */
  public static final class WouldBlock extends RuntimeException {
    private static final long serialVersionUID = 1L;
    static final WouldBlock INSTANCE = new WouldBlock();

    private WouldBlock() {
      super("the engine call would block", null, false, false);
    }
  }
}
