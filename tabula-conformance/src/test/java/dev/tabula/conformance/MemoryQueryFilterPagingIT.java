package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link QueryFilterPagingContract} on the in-memory engine with pages of 1000. */
class MemoryQueryFilterPagingIT extends QueryFilterPagingContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }

  @Override
  protected int pageSize() {
    return 1000;
  }
}
