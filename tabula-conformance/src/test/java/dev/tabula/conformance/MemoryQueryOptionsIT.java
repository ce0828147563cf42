package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link QueryOptionsContract} on the memory engine. */
class MemoryQueryOptionsIT extends QueryOptionsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
