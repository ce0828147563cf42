package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link EntityKeysContract} on the in-memory engine. */
class MemoryEntityKeysIT extends EntityKeysContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
