package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link KeyRulesContract} on the in-memory engine. */
class MemoryKeyRulesIT extends KeyRulesContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
