package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link TableOperationsContract} on the in-memory engine. */
class MemoryTableOperationsIT extends TableOperationsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
