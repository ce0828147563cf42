package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link AccountSasContract} on the in-memory engine. */
class MemoryAccountSasIT extends AccountSasContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
