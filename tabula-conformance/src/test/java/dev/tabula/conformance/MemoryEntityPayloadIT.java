package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link EntityPayloadContract} on the in-memory engine. */
class MemoryEntityPayloadIT extends EntityPayloadContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
