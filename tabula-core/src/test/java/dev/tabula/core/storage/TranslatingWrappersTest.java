package dev.tabula.core.storage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.engine.AccountSettings;
import dev.tabula.engine.Catalog;
import dev.tabula.engine.EntityStore;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each translating wrapper passes every method of its engine interface on explicitly. One that
 * inherited an interface default instead (a {@code try...} call that answers without waiting) would
 * silently skip the engine's own version: the engine's fast path would never be taken, and nothing
 * else would fail.
 */
class TranslatingWrappersTest {

  @Test
  void everyEngineMethod_isPassedOnByItsWrapper() {
    assertOverridesAll(TranslatingEntityStore.class, EntityStore.class);
    assertOverridesAll(TranslatingCatalog.class, Catalog.class);
    assertOverridesAll(TranslatingAccountSettings.class, AccountSettings.class);
  }

  private static void assertOverridesAll(Class<?> wrapper, Class<?> engineInterface) {
    List<String> missing =
        Arrays.stream(engineInterface.getMethods())
            .filter(m -> !Modifier.isStatic(m.getModifiers()))
            .filter(m -> !declares(wrapper, m))
            .map(Method::getName)
            .toList();
    assertThat(missing).as(wrapper.getSimpleName() + " leaves to the interface").isEmpty();
  }

  private static boolean declares(Class<?> wrapper, Method method) {
    return Arrays.stream(wrapper.getDeclaredMethods())
        .anyMatch(
            declared ->
                declared.getName().equals(method.getName())
                    && Arrays.equals(declared.getParameterTypes(), method.getParameterTypes()));
  }
}
