package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link LegacyServiceContract} on the in-memory engine. */
class MemoryLegacyServiceIT extends LegacyServiceContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
