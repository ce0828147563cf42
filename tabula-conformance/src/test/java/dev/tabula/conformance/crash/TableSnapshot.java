package dev.tabula.conformance.crash;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tabula.conformance.support.RawClient;
import dev.tabula.conformance.support.RawResponse;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every entity of one table as one server returns it, read page by page through the continuations,
 * and the keys it returned more than once.
 *
 * @param entities in the order the server returned them
 * @param retries pages asked again because the server answered 5xx or not at all
 */
record TableSnapshot(List<WriteLedger.Stored> entities, int pages, int retries) {
  private static final int MAX_PAGES = 1_000;

  TableSnapshot {
    entities = List.copyOf(entities);
  }

  /**
   * Reads the whole table through {@code raw}. A page that fails with a 5xx or without an answer is
   * asked again (once a second) until {@code limit} has passed since the read began; any other
   * answer than 200 fails at once.
   */
  static TableSnapshot read(RawClient raw, String table, Duration limit)
      throws InterruptedException {
    Instant deadline = Instant.now().plus(limit);
    List<WriteLedger.Stored> stored = new ArrayList<>();
    String continuation = "";
    int pages = 0;
    int retries = 0;
    while (continuation != null) {
      if (pages == MAX_PAGES) {
        throw new IllegalStateException("the table does not fit in " + MAX_PAGES + " pages");
      }
      RawResponse page = fetch(raw, table + "()" + continuation, deadline);
      if (page == null) {
        retries++;
        Thread.sleep(1000); // the cluster is still settling: ask again shortly, within the limit
        continue;
      }
      for (JsonNode e : page.json().path("value")) {
        stored.add(stored(e));
      }
      pages++;
      continuation = next(page);
    }
    return new TableSnapshot(stored, pages, retries);
  }

  /** Keys the snapshot holds more than once: every write must be there exactly once. */
  List<String> duplicates() {
    Map<String, Integer> seen = new HashMap<>();
    entities.forEach(e -> seen.merge(e.key(), 1, Integer::sum));
    List<String> twice = new ArrayList<>();
    seen.forEach(
        (key, times) -> {
          if (times > 1) {
            twice.add("duplicate: " + key + " returned " + times + " times");
          }
        });
    return twice;
  }

  /** The page, or null when it should be asked again; throws on any other answer. */
  private static RawResponse fetch(RawClient raw, String path, Instant deadline) {
    String failure;
    try {
      RawResponse response = raw.get(path).exchange();
      if (response.status() == 200) {
        return response;
      }
      if (response.status() < 500) {
        throw new IllegalStateException("GET " + path + " answered " + response);
      }
      failure = response.toString();
    } catch (UncheckedIOException noAnswer) {
      failure = noAnswer.getMessage() + ": " + noAnswer.getCause();
    }
    if (Instant.now().isAfter(deadline)) {
      throw new IllegalStateException("GET " + path + " still failing at the deadline: " + failure);
    }
    return null;
  }

  private static WriteLedger.Stored stored(JsonNode e) {
    return new WriteLedger.Stored(
        CrashWrites.key(e.path("PartitionKey").asText(), e.path("RowKey").asText()),
        e.path("v").asLong(),
        e.path("odata.etag").asText(),
        e.hasNonNull("batch") ? e.path("batch").asText() : null,
        e.path("count").asInt());
  }

  /** The query string that resumes after this page, or null on the last page. */
  private static String next(RawResponse page) {
    String pk = page.header("x-ms-continuation-NextPartitionKey");
    if (pk == null) {
      return null;
    }
    String rk = page.header("x-ms-continuation-NextRowKey");
    return "?NextPartitionKey=" + encode(pk) + (rk == null ? "" : "&NextRowKey=" + encode(rk));
  }

  private static String encode(String token) {
    return URLEncoder.encode(token, StandardCharsets.UTF_8);
  }
}
