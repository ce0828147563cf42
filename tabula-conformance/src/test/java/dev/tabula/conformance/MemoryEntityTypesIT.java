package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link EntityTypesContract} on the in-memory engine. */
class MemoryEntityTypesIT extends EntityTypesContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
