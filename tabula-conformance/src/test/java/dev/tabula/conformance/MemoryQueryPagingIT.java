package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link QueryPagingContract} on the in-memory engine with the service's 1,000-entity pages. */
class MemoryQueryPagingIT extends QueryPagingContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.MEMORY;
  }
}
