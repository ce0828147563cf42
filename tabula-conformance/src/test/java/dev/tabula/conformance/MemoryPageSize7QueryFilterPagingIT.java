package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link QueryFilterPagingContract} on the in-memory engine with pages of 7. */
class MemoryPageSize7QueryFilterPagingIT extends QueryFilterPagingContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }

  @Override
  protected int pageSize() {
    return 7;
  }
}
