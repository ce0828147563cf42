package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link BatchWireFormsContract} on the in-memory engine. */
class MemoryBatchWireFormsIT extends BatchWireFormsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
