package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/**
 * {@link QueryPagingContract} on the in-memory engine with pages of 7, so every listing continues.
 */
class MemoryPageSize7QueryPagingIT extends QueryPagingContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }

  @Override
  protected int pageSize() {
    return 7;
  }
}
