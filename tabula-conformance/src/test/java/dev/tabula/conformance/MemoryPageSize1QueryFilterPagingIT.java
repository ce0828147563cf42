package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link QueryFilterPagingContract} on the in-memory engine with pages of 1. */
class MemoryPageSize1QueryFilterPagingIT extends QueryFilterPagingContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }

  @Override
  protected int pageSize() {
    return 1;
  }
}
