package dev.tabula.model;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/**
 * A private copy of a property map, in its order, that nothing can change: made once when a
 * request's properties become an entity or a write, and passed on from then on without another
 * copy.
 */
final class CopiedProperties extends AbstractMap<String, EdmValue> implements ImmutableProperties {
  private final Map<String, EdmValue> copy;

  CopiedProperties(Map<String, EdmValue> properties) {
    this.copy = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
  }

  @Override
  public Set<Entry<String, EdmValue>> entrySet() {
    return copy.entrySet();
  }

  @Override
  public @Nullable EdmValue get(@Nullable Object name) {
    return copy.get(name);
  }

  @Override
  public boolean containsKey(@Nullable Object name) {
    return copy.containsKey(name);
  }

  @Override
  public int size() {
    return copy.size();
  }

  @Override
  public void forEach(BiConsumer<? super String, ? super EdmValue> action) {
    copy.forEach(action);
  }
}
