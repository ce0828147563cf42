package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link ProtocolErrorsContract} on the in-memory engine. */
class MemoryProtocolErrorsIT extends ProtocolErrorsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
