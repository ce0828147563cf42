package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link JsonFormatsContract} on RocksDB. */
class RocksJsonFormatsIT extends JsonFormatsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
