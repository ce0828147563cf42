package dev.tabula.engine;

import java.util.Optional;

/**
 * Small per-account values the service keeps outside any table, such as the Table service
 * properties (analytics settings and CORS rules). The engine stores each value as opaque bytes
 * under an account and a name and interprets none of it: the caller owns the format, and should put
 * a version in it.
 *
 * <p>Implementations are thread-safe. {@link #write} replaces the whole value atomically: a
 * concurrent {@link #read} sees the old value or the new one, never a mix. It is durable on return
 * when the engine declares {@link Capability#DURABLE_ON_ACK}, and survives reopening when it
 * declares {@link Capability#PERSISTENT}. Values of one account never affect another's. A call the
 * store cannot carry out throws {@link StorageException}.
 */
public interface AccountSettings {

  /**
   * The value stored under {@code name} for {@code account}.
   *
   * @return a fresh copy the caller may keep, or empty when none was ever written
   */
  Optional<byte[]> read(String account, String name);

  /**
   * Stores {@code value} under {@code name} for {@code account}, replacing any earlier one. The
   * engine keeps its own copy.
   */
  void write(String account, String name, byte[] value);
}
