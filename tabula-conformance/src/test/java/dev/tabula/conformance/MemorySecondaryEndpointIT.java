package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link SecondaryEndpointContract} on the in-memory engine. */
class MemorySecondaryEndpointIT extends SecondaryEndpointContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
