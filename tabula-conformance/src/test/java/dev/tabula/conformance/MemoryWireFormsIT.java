package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link WireFormsContract} on the in-memory engine. */
class MemoryWireFormsIT extends WireFormsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
