package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link EntityLimitsContract} on the in-memory engine. */
class MemoryEntityLimitsIT extends EntityLimitsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
