package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link LegacyEntityTypesContract} on the in-memory engine. */
class MemoryLegacyEntityTypesIT extends LegacyEntityTypesContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
