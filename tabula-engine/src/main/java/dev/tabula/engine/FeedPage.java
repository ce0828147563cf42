package dev.tabula.engine;

import java.util.List;

/**
 * One page of a {@link ChangeFeed}.
 *
 * @param groups in position order
 * @param next the position to read after next time: the last group's, or the one read after when
 *     the page is empty
 * @param expired the position read after is older than the table's retention and a change after it
 *     is gone: the reader missed changes and must start again (then {@code groups} is empty)
 */
public record FeedPage(List<ChangeGroup> groups, long next, boolean expired) {
  public FeedPage {
    groups = List.copyOf(groups);
    if (expired && !groups.isEmpty()) {
      throw new IllegalArgumentException("an expired page has no groups");
    }
  }

  /** A page of groups read after {@code after}. */
  public static FeedPage of(List<ChangeGroup> groups, long after) {
    return new FeedPage(
        groups, groups.isEmpty() ? after : groups.get(groups.size() - 1).position(), false);
  }

  /** The answer to a position whose following changes are gone. */
  public static FeedPage expired(long after) {
    return new FeedPage(List.of(), after, true);
  }
}
