package dev.tabula.core.storage;

import dev.tabula.engine.AccountSettings;
import dev.tabula.engine.StorageException;
import java.util.Optional;

/**
 * An engine's account settings whose storage outcomes are the service's errors ({@link
 * StorageErrors}).
 */
public final class TranslatingAccountSettings implements AccountSettings {
  private final AccountSettings settings;

  private TranslatingAccountSettings(AccountSettings settings) {
    this.settings = settings;
  }

  /** {@code settings} with its storage outcomes translated; once, however often it is wrapped. */
  public static AccountSettings of(AccountSettings settings) {
    return settings instanceof TranslatingAccountSettings
        ? settings
        : new TranslatingAccountSettings(settings);
  }

  @Override
  public Optional<byte[]> read(String account, String name) {
    return StorageErrors.translating(() -> settings.read(account, name));
  }

  @Override
  public void write(String account, String name, byte[] value) {
    try {
      settings.write(account, name, value);
    } catch (StorageException e) {
      throw StorageErrors.of(e);
    }
  }
}
