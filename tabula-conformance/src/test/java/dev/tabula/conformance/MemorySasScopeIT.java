package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link SasScopeContract} on the in-memory engine. */
class MemorySasScopeIT extends SasScopeContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
