package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link EntityGroupTransactionContract} on the in-memory engine. */
class MemoryEntityGroupTransactionIT extends EntityGroupTransactionContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
