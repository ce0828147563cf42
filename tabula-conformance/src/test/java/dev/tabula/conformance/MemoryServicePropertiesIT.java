package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link ServicePropertiesContract} on the in-memory engine. */
class MemoryServicePropertiesIT extends ServicePropertiesContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
