package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link ServiceSasContract} on the in-memory engine. */
class MemoryServiceSasIT extends ServiceSasContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
