package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link EntityWritesContract} on the in-memory engine. */
class MemoryEntityWritesIT extends EntityWritesContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
