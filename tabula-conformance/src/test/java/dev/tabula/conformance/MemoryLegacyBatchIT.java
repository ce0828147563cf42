package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link LegacyBatchContract} on the in-memory engine. */
class MemoryLegacyBatchIT extends LegacyBatchContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
