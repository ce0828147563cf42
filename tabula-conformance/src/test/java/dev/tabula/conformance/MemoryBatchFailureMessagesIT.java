package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link BatchFailureMessagesContract} on the in-memory engine. */
class MemoryBatchFailureMessagesIT extends BatchFailureMessagesContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
