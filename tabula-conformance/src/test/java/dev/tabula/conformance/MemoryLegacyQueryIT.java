package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link LegacyQueryContract} on the in-memory engine. */
class MemoryLegacyQueryIT extends LegacyQueryContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
