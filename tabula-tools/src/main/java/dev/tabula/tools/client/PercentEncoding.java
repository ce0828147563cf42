package dev.tabula.tools.client;

import java.nio.charset.StandardCharsets;

/**
 * Percent-encoding of URL parts (RFC 3986): every byte of the UTF-8 form except the unreserved
 * characters, so a space is {@code %20} (not {@code +}, which the service would read as a plus in a
 * path) and a key with {@code %}, {@code '} or non-ASCII text reaches the service unchanged.
 */
final class PercentEncoding {
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private PercentEncoding() {}

  static String encode(String text) {
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xff;
      if (c >= 'a' && c <= 'z'
          || c >= 'A' && c <= 'Z'
          || c >= '0' && c <= '9'
          || c == '-'
          || c == '.'
          || c == '_'
          || c == '~') {
        out.append((char) c);
      } else {
        out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
      }
    }
    return out.toString();
  }

  /** An entity's address below the account root: {@code t(PartitionKey='a',RowKey='b')}. */
  static String entityPath(String table, String partitionKey, String rowKey) {
    return table
        + "(PartitionKey='"
        + encode(partitionKey.replace("'", "''"))
        + "',RowKey='"
        + encode(rowKey.replace("'", "''"))
        + "')";
  }
}
