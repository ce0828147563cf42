package dev.tabula.core.properties;

import dev.tabula.core.storage.TranslatingAccountSettings;
import dev.tabula.engine.AccountSettings;
import dev.tabula.model.Attempt;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Get and Set Table Service Properties over the engine's {@link AccountSettings}, and the lookup
 * CORS makes on every request that carries an {@code Origin}. Thread-safe.
 *
 * <p>Reads are served from a cache filled on first use per account, so CORS costs no engine call
 * per request. The cache is right only while this object is the sole writer of the setting, which
 * holds for one server over its engine; several servers sharing a distributed engine would see each
 * other's changes only after a restart (the service itself says a change of CORS rules may take up
 * to 30 seconds to apply everywhere).
 */
public final class ServicePropertiesService {
  /** The name of the setting that holds the properties. */
  static final String SETTING = "table-service-properties";

  private final AccountSettings settings;
  private final Map<String, ServiceProperties> cache = new ConcurrentHashMap<>();

  public ServicePropertiesService(AccountSettings settings) {
    this.settings = TranslatingAccountSettings.of(settings);
  }

  /** The account's properties: as last set, or {@link ServiceProperties#DEFAULTS}. */
  public ServiceProperties get(String account) {
    return cache.computeIfAbsent(
        account,
        a ->
            settings
                .read(a, SETTING)
                .map(ServicePropertiesCodec::decode)
                .orElse(ServiceProperties.DEFAULTS));
  }

  /**
   * {@link #get} without waiting: answered once the account's properties are cached (the first
   * {@link #get} or {@link #set} caches them, for good), else would-wait.
   */
  public Attempt<ServiceProperties> tryGet(String account) {
    ServiceProperties cached = cache.get(account);
    return cached == null ? Attempt.wouldWait() : Attempt.answered(cached);
  }

  /**
   * Set Table Service Properties: applies the root elements the update names, keeps the others.
   *
   * @throws dev.tabula.model.TableException 400 InvalidXmlDocument or InvalidXmlNodeValue when the
   *     update breaks a limit (see {@link ServicePropertiesRules})
   */
  public synchronized void set(String account, ServicePropertiesUpdate update) {
    ServicePropertiesRules.check(update);
    ServiceProperties updated = update.applyTo(get(account));
    settings.write(account, SETTING, ServicePropertiesCodec.encode(updated));
    cache.put(account, updated);
  }
}
