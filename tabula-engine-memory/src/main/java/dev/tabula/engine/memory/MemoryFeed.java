package dev.tabula.engine.memory;

import dev.tabula.engine.ChangeFeed;
import dev.tabula.engine.ChangeGroup;
import dev.tabula.engine.FeedPage;
import dev.tabula.engine.FeedRetention;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The change feed of one memory table, guarded by its table's lock: appended under the write lock
 * in the same step as the entities (so positions, the commit times, grow in commit order), read
 * under the read lock. Expired groups are dropped when the next group is appended.
 */
final class MemoryFeed {
  private final NavigableMap<Long, ChangeGroup> groups = new TreeMap<>();

  /** The newest position dropped for retention, or {@link ChangeFeed#OLDEST}. */
  private long removedUpTo = ChangeFeed.OLDEST;

  void append(ChangeGroup group, long cutoff) {
    groups.put(group.position(), group);
    while (groups.firstKey() < cutoff) {
      removedUpTo = groups.pollFirstEntry().getKey();
    }
  }

  long latest() {
    return groups.isEmpty() ? removedUpTo : groups.lastKey();
  }

  FeedPage read(long after, int limit, long maxBytes, long cutoff) {
    Map.Entry<Long, ChangeGroup> first = groups.higherEntry(after);
    long firstAfter = first == null ? Long.MAX_VALUE : first.getKey();
    if (FeedRetention.lost(after, removedUpTo, firstAfter, cutoff)) {
      return FeedPage.expired(after);
    }
    List<ChangeGroup> page = new ArrayList<>();
    long bytes = 0;
    for (ChangeGroup group : groups.tailMap(after, false).values()) {
      if (page.size() == limit || bytes >= maxBytes) {
        break;
      }
      if (group.position() < cutoff) {
        continue; // expired, not yet dropped: a reader from the oldest starts after it
      }
      page.add(group);
      bytes += group.size();
    }
    return FeedPage.of(page, after);
  }
}
