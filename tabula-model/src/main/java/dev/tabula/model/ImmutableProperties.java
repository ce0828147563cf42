package dev.tabula.model;

import java.util.Map;

/**
 * A property map that can never change and may be read from any thread, so an {@link Entity} keeps
 * it as it is instead of copying it. Its iteration order is the properties' order. Implementations
 * promise both; a storage engine's lazily decoded map is the one this exists for (see {@code
 * dev.tabula.engine.codec.EntityValueCodec#decode}).
 */
public interface ImmutableProperties extends Map<String, EdmValue> {
  /** The properties as they are if they are already immutable, else an immutable copy. */
  static ImmutableProperties copyOf(Map<String, EdmValue> properties) {
    return properties instanceof ImmutableProperties immutable
        ? immutable
        : new CopiedProperties(properties);
  }
}
