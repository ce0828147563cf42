package dev.tabula.model;

import java.util.Objects;
import java.util.function.Function;

/**
 * The outcome of a call made by a thread that must never wait (a network event loop): {@link
 * Answered} with the call's value, or {@link WouldWait} when answering would have meant waiting for
 * a disk, a lock or the network. A call that would wait has had no effect, so the caller can make
 * the ordinary call later on a thread that may wait.
 *
 * <p>Why: a point read of a cached entity costs microseconds, but handing it to a worker thread and
 * back costs two thread wake-ups, which on a small machine are most of a read's time. Immutable.
 *
 * @param <T> the value of an answered call
 */
public sealed interface Attempt<T> permits Attempt.Answered, Attempt.WouldWait {

  /** The call answered without waiting. */
  record Answered<T>(T value) implements Attempt<T> {
    public Answered {
      Objects.requireNonNull(value, "value");
    }
  }

  /** The call would have had to wait; nothing of it happened. */
  record WouldWait<T>() implements Attempt<T> {}

  /** An answer. */
  static <T> Attempt<T> answered(T value) {
    return new Answered<>(value);
  }

  /** A call that would have had to wait. */
  static <T> Attempt<T> wouldWait() {
    return new WouldWait<>();
  }

  /** Whether the call answered. */
  default boolean isAnswered() {
    return this instanceof Answered;
  }

  /** The answer turned by {@code next}, or still would-wait; {@code next} may throw. */
  default <U> Attempt<U> map(Function<? super T, ? extends U> next) {
    return this instanceof Answered<T> answered
        ? answered(next.apply(answered.value()))
        : wouldWait();
  }

  /** The attempt {@code next} makes with the answer, or still would-wait. */
  default <U> Attempt<U> then(Function<? super T, Attempt<U>> next) {
    return this instanceof Answered<T> answered ? next.apply(answered.value()) : wouldWait();
  }

  /**
   * The answer, for a caller that made a call that may wait and so always answers.
   *
   * @throws IllegalStateException when the call would have waited
   */
  default T answer() {
    if (this instanceof Answered<T> answered) {
      return answered.value();
    }
    throw new IllegalStateException("the call would have waited");
  }
}
