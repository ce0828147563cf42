package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link RequestFormsContract} on the in-memory engine. */
class MemoryRequestFormsIT extends RequestFormsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
