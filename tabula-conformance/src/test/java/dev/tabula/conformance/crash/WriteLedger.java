package dev.tabula.conformance.crash;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a crash test sent and what the server acknowledged, entity by entity, and the check of what
 * a restarted server holds against it.
 *
 * <p>Each entity is written by one thread only, one write at a time, and every write stores a
 * version number {@code v} one higher than the last. So after a crash each entity must hold its
 * last acknowledged version with that version's ETag, or (if the write after it was in flight) that
 * later version; an entity never acknowledged may be absent. A batch's entities carry its id and
 * size ({@code batch}, {@code count}): every batch found must be whole. Thread-safe.
 */
final class WriteLedger {
  /** One entity as the restarted server returns it. */
  record Stored(String key, long version, String etag, String batch, int count) {}

  private final Map<String, History> histories = new HashMap<>();
  private final Map<String, Set<String>> batches = new HashMap<>();

  /** A write of {@code version} to {@code key} is about to be sent. */
  synchronized void attempted(String key, long version) {
    histories.computeIfAbsent(key, k -> new History()).attempted.add(version);
  }

  /** A batch of these keys is about to be sent. */
  synchronized void batchAttempted(String batch, Collection<String> keys) {
    batches.put(batch, new TreeSet<>(keys));
  }

  /** The server acknowledged {@code version} of {@code key} with {@code etag}. */
  synchronized void acknowledged(String key, long version, String etag) {
    History history = histories.get(key);
    if (history == null || !history.attempted.contains(version)) {
      throw new IllegalStateException(
          "acknowledged a write never attempted: " + key + " v" + version);
    }
    if (version > history.ackedVersion) {
      history.ackedVersion = version;
      history.ackedEtag = etag;
    }
  }

  /** How many entities have an acknowledged version. */
  synchronized int acknowledgedEntities() {
    return (int) histories.values().stream().filter(h -> h.ackedVersion > 0).count();
  }

  /** Every way {@code stored} (the whole table after the restart) breaks the ledger. */
  synchronized List<String> violations(Collection<Stored> stored) {
    return violations(stored, Set.of());
  }

  /**
   * As {@link #violations(Collection)}, except that the entities {@code mayBeAbsent} names may be
   * missing although acknowledged (when present, they must still be as acknowledged).
   */
  synchronized List<String> violations(Collection<Stored> stored, Set<String> mayBeAbsent) {
    Map<String, Stored> byKey = new TreeMap<>();
    stored.forEach(s -> byKey.put(s.key(), s));
    List<String> violations = new ArrayList<>();
    histories.forEach(
        (key, history) -> {
          Stored found = byKey.get(key);
          if (found != null || !mayBeAbsent.contains(key)) {
            check(key, history, found, violations);
          }
        });
    byKey.keySet().stream()
        .filter(key -> !histories.containsKey(key))
        .forEach(key -> violations.add("never written, yet present: " + key));
    checkBatches(byKey.values(), violations);
    return violations;
  }

  private static void check(String key, History history, Stored found, List<String> out) {
    long acked = history.ackedVersion;
    if (found == null) {
      if (acked > 0) {
        out.add("lost: " + key + " v" + acked + " was acknowledged with " + history.ackedEtag);
      }
    } else if (found.version() < acked) {
      out.add(
          "rolled back: "
              + key
              + " holds v"
              + found.version()
              + ", v"
              + acked
              + " was acknowledged");
    } else if (found.version() == acked && !found.etag().equals(history.ackedEtag)) {
      out.add(
          "changed: "
              + key
              + " v"
              + acked
              + " has ETag "
              + found.etag()
              + ", acknowledged "
              + history.ackedEtag);
    } else if (!history.attempted.contains(found.version())) {
      out.add("invented: " + key + " holds v" + found.version() + ", which was never sent");
    }
  }

  private void checkBatches(Collection<Stored> stored, List<String> out) {
    Map<String, List<Stored>> found = new TreeMap<>();
    stored.stream()
        .filter(s -> s.batch() != null)
        .forEach(s -> found.computeIfAbsent(s.batch(), b -> new ArrayList<>()).add(s));
    found.forEach(
        (batch, members) -> {
          Set<String> keys = new TreeSet<>();
          members.forEach(m -> keys.add(m.key()));
          Set<String> sent = batches.get(batch);
          boolean countsAgree = members.stream().allMatch(m -> m.count() == members.size());
          if (sent == null || !sent.equals(keys) || !countsAgree) {
            out.add(
                "partial batch "
                    + batch
                    + ": "
                    + members.size()
                    + " of "
                    + (sent == null ? "?" : sent.size())
                    + " entities");
          }
        });
  }

  /** The versions sent to one entity and the last one acknowledged. */
  private static final class History {
    final Set<Long> attempted = new TreeSet<>();
    long ackedVersion;
    String ackedEtag;
  }
}
