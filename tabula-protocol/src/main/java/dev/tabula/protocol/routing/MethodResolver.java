package dev.tabula.protocol.routing;

import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.http.ServiceRequest;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The effective method of a request. Current SDKs merge with {@code PATCH}, older ones with {@code
 * MERGE}, and clients talking to Cosmos tunnel through {@code POST} with {@code X-HTTP-Method}; all
 * three mean MERGE. Tunnelling errors carry the service's XMethod* codes.
 */
public final class MethodResolver {
  private static final Set<String> TUNNELLED = Set.of("MERGE", "PUT", "DELETE");

  private MethodResolver() {}

  /** Resolves PATCH and X-HTTP-Method to the method the service acts on. */
  public static String effectiveMethod(ServiceRequest request) {
    List<String> tunnelled = request.headers("X-HTTP-Method");
    if (tunnelled.isEmpty()) {
      return request.method().equals("PATCH") ? "MERGE" : request.method();
    }
    if (!request.method().equals("POST")) {
      throw TableErrorCode.X_METHOD_NOT_USING_POST.exception();
    }
    if (tunnelled.size() > 1 || tunnelled.get(0).contains(",")) {
      throw TableErrorCode.X_METHOD_INCORRECT_COUNT.exception();
    }
    String method = tunnelled.get(0).trim().toUpperCase(Locale.ROOT);
    if (!TUNNELLED.contains(method)) {
      throw TableErrorCode.X_METHOD_INCORRECT_VALUE.exception();
    }
    return method;
  }

  /**
   * Resolves the method of a sub-request inside {@code $batch}. Besides the forms of a single
   * request, a part may repeat its own verb in {@code X-HTTP-Method}: Microsoft's legacy Java
   * library (com.microsoft.azure:azure-storage 8.x, MimeHelper.writeBatchToStream) writes merge and
   * insert-or-merge as {@code MERGE} with {@code X-HTTP-Method: MERGE}, and the service accepted
   * those batches for the library's whole life. Only the verbs that can be tunnelled qualify; any
   * other X-HTTP-Method fails as on a single request. Outside {@code $batch} such a request keeps
   * the documented 400 XMethodNotUsingPost.
   */
  public static String effectivePartMethod(ServiceRequest request) {
    List<String> tunnelled = request.headers("X-HTTP-Method");
    if (tunnelled.size() == 1
        && TUNNELLED.contains(request.method())
        && tunnelled.get(0).trim().equalsIgnoreCase(request.method())) {
      return request.method();
    }
    return effectiveMethod(request);
  }
}
