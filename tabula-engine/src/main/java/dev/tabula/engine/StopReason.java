package dev.tabula.engine;

/**
 * Why a scan returned the page it did (the service's 1,000-entity / 5-second page, made explicit).
 */
public enum StopReason {
  /** The range has no more keys; there is nothing to continue. */
  SOURCE_EXHAUSTED,
  /** The page holds {@link ScanRequest#limit()} entities. */
  RETURN_LIMIT_REACHED,
  /** The time budget ran out; the page may even be empty. */
  TIME_LIMIT_REACHED
}
