package dev.tabula.conformance.support;

import java.nio.charset.StandardCharsets;

/** Builds request paths (relative to the account root) the way the SDKs write them. */
public final class ODataPaths {
  /** Left as is in a path segment: RFC 3986 unreserved plus the sub-delims the SDKs keep. */
  private static final String PATH_SAFE = "-._~!$'()*,;&=@:";

  private ODataPaths() {}

  /** {@code table(PartitionKey='pk',RowKey='rk')}, quotes doubled, the rest percent-encoded. */
  public static String entity(String table, String partitionKey, String rowKey) {
    return table + "(PartitionKey='" + key(partitionKey) + "',RowKey='" + key(rowKey) + "')";
  }

  /** {@code Tables('name')}. */
  public static String table(String name) {
    return "Tables('" + key(name) + "')";
  }

  /** A key literal for inside single quotes: quotes doubled, then percent-encoded. */
  public static String key(String value) {
    return encodePath(value.replace("'", "''"));
  }

  /** Percent-encodes a path segment as UTF-8, keeping the characters the SDKs keep. */
  public static String encodePath(String text) {
    return encode(text, PATH_SAFE);
  }

  /** Percent-encodes a query parameter value (everything but unreserved characters). */
  public static String encodeQuery(String text) {
    return encode(text, "-._~");
  }

  private static String encode(String text, String safe) {
    StringBuilder out = new StringBuilder();
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xff;
      if ((c >= 'a' && c <= 'z')
          || (c >= 'A' && c <= 'Z')
          || (c >= '0' && c <= '9')
          || safe.indexOf(c) >= 0) {
        out.append((char) c);
      } else {
        out.append('%')
            .append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
            .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
      }
    }
    return out.toString();
  }
}
