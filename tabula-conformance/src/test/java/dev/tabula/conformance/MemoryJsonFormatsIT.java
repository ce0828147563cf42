package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link JsonFormatsContract} on the in-memory engine. */
class MemoryJsonFormatsIT extends JsonFormatsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
