package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link BatchFailureMessagesContract} on RocksDB. */
class RocksBatchFailureMessagesIT extends BatchFailureMessagesContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
