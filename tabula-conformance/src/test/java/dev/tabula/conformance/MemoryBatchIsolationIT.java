package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link BatchIsolationContract} on the in-memory engine. */
class MemoryBatchIsolationIT extends BatchIsolationContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
