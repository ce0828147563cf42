package dev.tabula.protocol.json;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Where a payload lives, for the URLs the metadata levels carry: the service root ({@code
 * http://127.0.0.1:10002/devstoreaccount1} path-style, {@code https://acct.table.core.windows.net}
 * host-style, without a trailing slash), the account name, and the table ({@code Tables} for table
 * payloads). Immutable.
 */
public record ODataContext(String serviceRoot, String account, String table) {
  /**
   * What the service leaves as itself in a key: letters, digits and the unreserved marks of RFC
   * 2396 ({@code -_.!~*'()}), the set .NET's {@code Uri.EscapeDataString} kept before 4.5.
   */
  private static final String UNRESERVED_MARKS = "-_.!~*'()";

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  public ODataContext {
    Objects.requireNonNull(serviceRoot, "serviceRoot");
    Objects.requireNonNull(account, "account");
    Objects.requireNonNull(table, "table");
  }

  /** {@code {root}/$metadata#{table}}: the {@code odata.metadata} of a feed. */
  public String feedMetadata() {
    return serviceRoot + "/$metadata#" + table;
  }

  /** {@code {root}/$metadata#{table}/@Element}: the {@code odata.metadata} of one entry. */
  public String entryMetadata() {
    return feedMetadata() + "/@Element";
  }

  /** {@code {account}.{table}}: the {@code odata.type} of an entry in fullmetadata. */
  public String entityType() {
    return account + "." + table;
  }

  /**
   * {@code {table}(PartitionKey='pk',RowKey='rk')}, the {@code odata.editLink}, and the tail of the
   * {@code Location} and {@code DataServiceId} headers. Quotes in keys are doubled (OData literal
   * rules) and every character but letters, digits and {@code -_.!~*'()} is percent-encoded as
   * UTF-8, {@code :} included: the service sends {@code PartitionKey='A''aaa_bbbb2%22'} for the key
   * {@code A'aaa_bbbb2"} (azure-sdk-for-js recording {@code
   * special_characters/recording_should_handle_partition_and_row_keys_with_special_chars}: {@code
   * "} escaped, {@code '} kept), and escapes {@code :} as {@code %3A} when it writes a time into a
   * URL-safe ETag ({@code W/"datetime'2022-02-01T20%3A52%3A35.2732889Z'"}, same recording). That is
   * .NET's data-string escaping; no record shows a key with {@code :}, {@code @}, {@code $}, {@code
   * &}, {@code +}, {@code ,}, {@code ;} or {@code =}, so escaping those too is our reading of it.
   */
  public String entityPath(String partitionKey, String rowKey) {
    return table
        + "(PartitionKey='"
        + keyLiteral(partitionKey)
        + "',RowKey='"
        + keyLiteral(rowKey)
        + "')";
  }

  /** {@code {root}/{entityPath}}, the {@code odata.id}. */
  public String entityId(String partitionKey, String rowKey) {
    return serviceRoot + "/" + entityPath(partitionKey, rowKey);
  }

  /** A key as it appears between the quotes of an entity path. */
  static String keyLiteral(String key) {
    StringBuilder out = new StringBuilder(key.length() + 8);
    for (byte b : key.replace("'", "''").getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xFF;
      if (c < 0x80 && (Character.isLetterOrDigit(c) || UNRESERVED_MARKS.indexOf(c) >= 0)) {
        out.append((char) c);
      } else {
        out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
      }
    }
    return out.toString();
  }
}
