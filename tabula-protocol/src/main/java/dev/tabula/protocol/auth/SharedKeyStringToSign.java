package dev.tabula.protocol.auth;

import dev.tabula.protocol.http.ServiceRequest;

/**
 * The strings the Table service's Shared Key schemes sign ("Shared Key format for the Table
 * service" and "Shared Key Lite and Table service format" in the service's documentation). Unlike
 * Blob and Queue, neither signs canonicalized {@code x-ms-} headers or query parameters other than
 * {@code comp}.
 */
public final class SharedKeyStringToSign {
  private SharedKeyStringToSign() {}

  /**
   * {@code /account} + the path as signed + {@code ?comp=value} when the query has {@code comp}.
   *
   * <p>The path is the one on the wire, still percent-encoded: every SDK signs its URL's encoded
   * path (Java {@code URL.getPath()}, .NET {@code Uri.AbsolutePath}, Python {@code
   * urlparse(url).path}, JavaScript {@code URL.pathname}) and sends that same URL, so {@code
   * people(PartitionKey='a%20b',RowKey='%25x')} is signed exactly as received. Decoding it would
   * break every key with an encoded character. With path-style URLs the path already starts with
   * the account, so the resource names it twice: {@code /devstoreaccount1/devstoreaccount1/Tables}.
   *
   * @param account the account the request is for (the SDKs sign their credential's account name)
   * @param signedPath the percent-encoded path the client signed, normally the request's raw path
   * @param request supplies the decoded {@code comp} parameter (the SDKs sign its decoded value)
   */
  public static String canonicalizedResource(
      String account, String signedPath, ServiceRequest request) {
    StringBuilder resource = new StringBuilder("/").append(account);
    // An empty path is the service root, which the SDKs sign as "/".
    resource.append(signedPath.isEmpty() ? "/" : signedPath);
    String comp = request.queryParameter("comp");
    if (comp != null) {
      resource.append("?comp=").append(comp);
    }
    return resource.toString();
  }

  /**
   * The string to sign for {@code scheme}.
   *
   * <ul>
   *   <li>SharedKey: {@code VERB\nContent-MD5\nContent-Type\nDate\nCanonicalizedResource}
   *   <li>SharedKeyLite: {@code Date\nCanonicalizedResource}
   * </ul>
   *
   * Absent headers sign as empty lines. The verb is the HTTP method as sent, so a tunnelled {@code
   * POST} with {@code X-HTTP-Method: MERGE} signs {@code POST}.
   *
   * @param date the date value the client signed (see {@link SharedKeyAuthenticator})
   */
  public static String of(
      AuthScheme scheme, ServiceRequest request, String date, String canonicalizedResource) {
    if (scheme == AuthScheme.SHARED_KEY_LITE) {
      return date + "\n" + canonicalizedResource;
    }
    return request.method()
        + "\n"
        + headerOrEmpty(request, "Content-MD5")
        + "\n"
        + headerOrEmpty(request, "Content-Type")
        + "\n"
        + date
        + "\n"
        + canonicalizedResource;
  }

  private static String headerOrEmpty(ServiceRequest request, String name) {
    String value = request.header(name);
    return value == null ? "" : value;
  }
}
