package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link AuthenticationContract} on RocksDB. */
class RocksAuthenticationIT extends AuthenticationContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
