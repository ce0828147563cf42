package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link ResponseHeadersContract} on the in-memory engine. */
class MemoryResponseHeadersIT extends ResponseHeadersContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
