package dev.tabula.protocol.operations;

import dev.tabula.model.EntityKey;
import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.jspecify.annotations.Nullable;

/**
 * Continuation tokens ({@code NextPartitionKey}, {@code NextRowKey}, {@code NextTableName}). They
 * are opaque to clients; like the service's ({@code 1!8!U21pdGg-}) they carry a version, the length
 * of the encoded text and the key in URL-safe base64, so any key survives a header and a query
 * string unchanged.
 */
public final class ContinuationToken {
  private static final String VERSION = "1";

  private ContinuationToken() {}

  /** Encodes a key as a token. */
  public static String encode(String key) {
    String data =
        Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString(key.getBytes(StandardCharsets.UTF_8));
    return VERSION + "!" + data.length() + "!" + data;
  }

  /** Decodes a token from {@link #encode}; 400 InvalidInput when it is not one. */
  public static String decode(String token) {
    String[] parts = token.split("!", 3);
    if (parts.length != 3 || !parts[0].equals(VERSION)) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    try {
      if (Integer.parseInt(parts[1]) != parts[2].length()) {
        throw TableErrorCode.INVALID_INPUT.exception();
      }
      return new String(Base64.getUrlDecoder().decode(parts[2]), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
  }

  /** The key a query or count continues at, from NextPartitionKey and NextRowKey; null to start. */
  static @Nullable EntityKey from(ServiceRequest request) {
    String nextPartition = request.queryParameter("NextPartitionKey");
    if (nextPartition == null) {
      return null;
    }
    String nextRow = request.queryParameter("NextRowKey");
    String rowKey = nextRow == null ? "" : decode(nextRow);
    return new EntityKey(decode(nextPartition), rowKey);
  }

  /** Adds the continuation headers for {@code next}, when there is one. */
  static void addHeaders(ServiceResponse response, @Nullable EntityKey next) {
    if (next != null) {
      response.header("x-ms-continuation-NextPartitionKey", encode(next.partitionKey()));
      response.header("x-ms-continuation-NextRowKey", encode(next.rowKey()));
    }
  }
}
