package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link LegacyTableClientContract} on the in-memory engine. */
class MemoryLegacyTableClientIT extends LegacyTableClientContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
