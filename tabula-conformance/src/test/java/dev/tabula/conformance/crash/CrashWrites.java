package dev.tabula.conformance.crash;

import dev.tabula.conformance.support.RawClient;
import dev.tabula.conformance.support.RawRequest;
import dev.tabula.conformance.support.RawResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The writes of a crash test to one table, as raw requests in the forms the SDKs send, and how to
 * read an acknowledgement (the ETag of every entity written) from each answer. Entity keys are
 * {@code PartitionKey|RowKey}; every entity stores its version as {@code v}.
 */
final class CrashWrites {
  private static final Pattern STATUS_LINE = Pattern.compile("(?m)^HTTP/1\\.1 (\\d{3}) ");
  private static final Pattern ETAG_LINE = Pattern.compile("(?mi)^ETag: ([^\\r\\n]+)");

  private final String table;
  private final String tableUrl;

  /**
   * @param accountRoot the account's endpoint, {@code http://127.0.0.1:PORT/account}
   */
  CrashWrites(String accountRoot, String table) {
    this.table = table;
    this.tableUrl = accountRoot + "/" + table;
  }

  /** Insert Entity of a fresh entity {@code ins<writer>|<n>}: 204 with its ETag. */
  Write insert(int writer, long n) {
    String pk = "ins" + writer;
    String rk = String.format(Locale.ROOT, "%08d", n);
    return new Write("POST", table, entity(pk, rk, 1, ""), Map.of(key(pk, rk), 1L), null);
  }

  /**
   * Write {@code n} of a merge writer to its entity {@code mrg|m<writer>}: the first inserts
   * version 1, the next ones merge version {@code n} (and a property that varies) into it.
   */
  Write merge(int writer, long n) {
    String rk = "m" + writer;
    if (n == 1) {
      return new Write("POST", table, entity("mrg", rk, 1, ""), Map.of(key("mrg", rk), 1L), null);
    }
    String body = "{\"v\":" + n + ",\"m" + (n % 8) + "\":" + n + "}";
    String path = table + "(PartitionKey='mrg',RowKey='" + rk + "')";
    return new Write("PATCH", path, body, Map.of(key("mrg", rk), n), null);
  }

  /**
   * Batch {@code n} of a batch writer: an entity group transaction of 1 to 100 inserts into the
   * fresh partition {@code b<writer>-<n>}, each entity carrying the batch's id and size.
   */
  Write batch(int writer, long n) {
    return batch(writer, n, 1 + (int) ((writer * 7L + n * 37) % 100));
  }

  /** As {@link #batch(int, long)}, with {@code size} (1 to 100) inserts. */
  Write batch(int writer, long n, int size) {
    String id = "b" + writer + "-" + n;
    String changeset = "changeset_" + id;
    StringBuilder body = new StringBuilder();
    body.append("--batch_")
        .append(id)
        .append("\nContent-Type: multipart/mixed; boundary=")
        .append(changeset)
        .append("\n\n");
    Map<String, Long> versions = new LinkedHashMap<>();
    for (int i = 0; i < size; i++) {
      String rk = String.format(Locale.ROOT, "%03d", i);
      versions.put(key(id, rk), 1L);
      String json = entity(id, rk, 1, ",\"batch\":\"" + id + "\",\"count\":" + size);
      body.append("--")
          .append(changeset)
          .append("\nContent-Type: application/http\nContent-Transfer-Encoding: binary\n\n")
          .append("POST ")
          .append(tableUrl)
          .append(" HTTP/1.1\nPrefer: return-no-content\n")
          .append("Accept: application/json;odata=minimalmetadata\n")
          .append("Content-Type: application/json\n\n")
          .append(json)
          .append('\n');
    }
    body.append("--").append(changeset).append("--\n\n--batch_").append(id).append("--\n");
    return new Write("POST", "$batch", body.toString().replace("\n", "\r\n"), versions, id);
  }

  static String key(String partitionKey, String rowKey) {
    return partitionKey + "|" + rowKey;
  }

  private static String entity(String pk, String rk, long version, String more) {
    return "{\"PartitionKey\":\""
        + pk
        + "\",\"RowKey\":\""
        + rk
        + "\",\"v\":"
        + version
        + more
        + "}";
  }

  /**
   * One request and the entity versions it writes.
   *
   * @param versions the version each entity gets, in the order the answer lists their ETags
   * @param batch the batch id, or null for a single-entity write
   */
  record Write(String method, String path, String body, Map<String, Long> versions, String batch) {

    Write {
      versions = Collections.unmodifiableMap(new LinkedHashMap<>(versions));
    }

    /** The signed request. */
    RawRequest request(RawClient raw) {
      RawRequest request = raw.request(method, path).json(body);
      if (batch != null) {
        request.header("Content-Type", "multipart/mixed; boundary=batch_" + batch);
      } else if (method.equals("POST")) {
        request.header("Prefer", "return-no-content");
      } else {
        request.header("If-Match", "*");
      }
      return request;
    }

    /** The acknowledged ETags in {@link #versions} order, or null when this is no success. */
    List<String> acknowledgedEtags(RawResponse response) {
      if (batch == null) {
        String etag = response.header("ETag");
        return response.status() == 204 && etag != null ? List.of(etag) : null;
      }
      if (response.status() != 202) {
        return null;
      }
      String text = response.bodyText();
      List<String> statuses = all(STATUS_LINE, text);
      List<String> etags = all(ETAG_LINE, text);
      boolean whole = statuses.size() == versions.size() && etags.size() == versions.size();
      return whole && statuses.stream().allMatch("204"::equals) ? etags : null;
    }

    private static List<String> all(Pattern pattern, String text) {
      List<String> found = new ArrayList<>();
      Matcher m = pattern.matcher(text);
      while (m.find()) {
        found.add(m.group(1).trim());
      }
      return found;
    }
  }
}
