package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link CorsContract} on the in-memory engine. */
class MemoryCorsIT extends CorsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
