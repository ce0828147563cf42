package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link AuthenticationContract} on the in-memory engine. */
class MemoryAuthenticationIT extends AuthenticationContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
