package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link TableAclContract} on the in-memory engine. */
class MemoryTableAclIT extends TableAclContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
