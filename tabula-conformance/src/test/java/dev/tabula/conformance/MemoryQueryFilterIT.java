package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link QueryFilterContract} on the memory engine. */
class MemoryQueryFilterIT extends QueryFilterContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
