package dev.tabula.engine.memory;

import dev.tabula.engine.AccountSettings;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The memory engine's account settings: copies of the values in a concurrent map. */
final class MemoryAccountSettings implements AccountSettings {
  private final Map<Key, byte[]> values = new ConcurrentHashMap<>();
  private final MemoryLifecycle lifecycle;

  MemoryAccountSettings(MemoryLifecycle lifecycle) {
    this.lifecycle = lifecycle;
  }

  @Override
  public Optional<byte[]> read(String account, String name) {
    lifecycle.ensureOpen();
    byte[] value = values.get(new Key(account, name));
    return value == null ? Optional.empty() : Optional.of(value.clone());
  }

  @Override
  public void write(String account, String name, byte[] value) {
    lifecycle.ensureOpen();
    values.put(new Key(account, name), value.clone());
  }

  private record Key(String account, String name) {}
}
