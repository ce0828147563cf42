package dev.tabula.bench.load;

/**
 * What a client checked in one Query Entities page.
 *
 * @param count the entities in the page
 * @param mismatches entities that lacked the expected property value (see {@link FeedReader})
 * @param disorder entities whose key was not greater than the one before, within the page
 * @param first the first entity's key, or null for an empty page
 * @param last the last entity's key, or null for an empty page
 */
public record FeedSummary(int count, int mismatches, int disorder, RowId first, RowId last) {

  /** The summary of an empty page (or of a page that was not 200). */
  public static final FeedSummary EMPTY = new FeedSummary(0, 0, 0, null, null);
}
