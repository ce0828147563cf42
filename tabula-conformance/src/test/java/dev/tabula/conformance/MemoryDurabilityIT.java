package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link DurabilityContract} on the in-memory engine. */
class MemoryDurabilityIT extends DurabilityContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
