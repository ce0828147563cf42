package dev.tabula.core;

import java.util.List;

/**
 * One page of a table's change feed as a reader gets it.
 *
 * @param groups the committed changes, oldest first
 * @param next where to read after these (give it back to read on); for a page with the table
 *     deleted, the token after which the feed answers 404
 * @param tableDeleted the table the reader followed was deleted (or re-created, with another id):
 *     the page says so once, with no groups
 */
public record FeedRead(List<FeedGroup> groups, FeedToken next, boolean tableDeleted) {
  public FeedRead {
    groups = List.copyOf(groups);
  }
}
