package dev.tabula.core.properties;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.engine.memory.MemoryStorageEngine;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link ServicePropertiesService} over the in-memory engine's account settings: what it sets is
 * stored in the engine, not only in its cache, and belongs to one account. (The update rules are
 * {@link ServicePropertiesServiceTest}'s.)
 */
class ServicePropertiesOnEngineTest {
  private static final CorsRule RULE = new CorsRule("http://a.example", "GET", "", "", 60);

  private final MemoryStorageEngine engine = new MemoryStorageEngine();

  @AfterEach
  void close() {
    engine.close();
  }

  private ServicePropertiesService newService() {
    return new ServicePropertiesService(engine.accountSettings());
  }

  @Test
  void set_isReadBackByAnotherServiceOverTheSameEngine() {
    newService().set("a", new ServicePropertiesUpdate(null, null, null, List.of(RULE)));

    ServiceProperties read = newService().get("a");

    assertThat(read.cors()).containsExactly(RULE);
    assertThat(read.logging()).isEqualTo(ServiceProperties.DEFAULTS.logging());
  }

  @Test
  void set_changesOnlyItsAccount() {
    ServicePropertiesService service = newService();

    service.set("a", new ServicePropertiesUpdate(null, null, null, List.of(RULE)));

    assertThat(service.get("b")).isEqualTo(ServiceProperties.DEFAULTS);
    assertThat(newService().get("b")).isEqualTo(ServiceProperties.DEFAULTS);
  }
}
