package dev.tabula.engine;

import java.util.Objects;

/** What {@link EntityStore#scanIndex} answers: a page, or why the index was not read. */
public sealed interface IndexPage {
  /**
   * The page, with the same meaning as a scan's: the entities in key order, and the key to resume
   * at. {@code scanned} counts the entities read through the index.
   */
  record Read(Page page) implements IndexPage {
    public Read {
      Objects.requireNonNull(page, "page");
    }
  }

  /**
   * The ranges hold more than {@link dev.tabula.engine.index.IndexRead#MAX_VALUES} distinct values,
   * so the read in key order would need more cursors than it keeps
   * (docs/design/secondary-indexes.md, "The hard part"): the caller scans instead. Nothing was
   * returned.
   */
  record Declined(String reason) implements IndexPage {
    public Declined {
      Objects.requireNonNull(reason, "reason");
    }
  }
}
