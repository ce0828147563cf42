package dev.tabula.protocol.operations;

import dev.tabula.core.IfMatch;
import dev.tabula.model.ETag;
import dev.tabula.model.Limits;
import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.http.ServiceRequest;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Reads the request options shared by several operations (and the operations of a {@code $batch}):
 * If-Match, Prefer, $top, $select.
 */
public final class RequestOptions {
  private RequestOptions() {}

  /**
   * A weak ETag as the service reads one: {@code W/} or {@code w/}, then a quoted string whose
   * quotes may be escaped (the form Azurite checks, for parity with the service, issue 1229).
   */
  private static final Pattern WEAK_ETAG = Pattern.compile("[wW]/\"([^\"]|\\\\\")*\"");

  /**
   * The If-Match condition, or null when absent. A weak ETag this service did not issue matches no
   * version ({@link IfMatch.Unmatchable}: 412, as the service answers); anything that is not a weak
   * ETag at all ({@code MalformedETag}, a strong {@code "x"}) is 400 InvalidInput with the
   * service's message (its text as the storage emulator gave it, Azurite issue 1829; the code,
   * Azurite issue 2013). An If-None-Match on a write is refused with 400 InvalidInput.
   */
  public static @Nullable IfMatch ifMatch(ServiceRequest request) {
    if (request.header("If-None-Match") != null) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    String value = request.header("If-Match");
    if (value == null) {
      return null;
    }
    if (value.trim().equals("*")) {
      return IfMatch.ANY;
    }
    ETag etag = ETag.parse(value.trim());
    if (etag == null && WEAK_ETAG.matcher(value.trim()).matches()) {
      return IfMatch.UNMATCHABLE;
    }
    if (etag == null) {
      throw TableErrorCode.INVALID_INPUT.exception(
          "The etag value '"
              + value
              + "' specified in one of the request headers is not valid."
              + " Please make sure only one etag value is specified and is valid.");
    }
    return new IfMatch.Exact(etag);
  }

  /** The If-Match a delete requires; 400 MissingRequiredHeader when it is absent. */
  public static IfMatch requiredIfMatch(ServiceRequest request) {
    IfMatch ifMatch = ifMatch(request);
    if (ifMatch == null) {
      throw TableErrorCode.MISSING_REQUIRED_HEADER.exception(
          "An HTTP header that's mandatory for this request is not specified.");
    }
    return ifMatch;
  }

  /** What the request's {@code Prefer} header asks an insert to echo. */
  public static ReturnPreference returnPreference(ServiceRequest request) {
    return ReturnPreference.of(request.header("Prefer"));
  }

  /**
   * Refuses a request body that is not JSON: Atom and XML get 415 AtomFormatNotSupported (JSON is
   * the only payload format since version 2015-12-11); anything else, or no Content-Type at all,
   * 415 MediaTypeNotSupported.
   */
  public static void requireJsonBody(ServiceRequest request) {
    String contentType = request.header("Content-Type");
    String mediaType =
        contentType == null ? "" : contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
    if (mediaType.equals("application/json")) {
      return;
    }
    if (mediaType.equals("application/atom+xml") || mediaType.equals("application/xml")) {
      throw TableErrorCode.ATOM_FORMAT_NOT_SUPPORTED.exception();
    }
    throw TableErrorCode.MEDIA_TYPE_NOT_SUPPORTED.exception();
  }

  /**
   * {@code $top}: 0..1000, or null when absent; anything else is 400 InvalidInput "One of the
   * request inputs is not valid.". A real storage account answers {@code $top=0} with 200 and no
   * entities, and {@code $top=-1} and {@code $top=1001} with that 400 (CloudStub
   * CloudStub.Azure.Data.Tables.Tests/Table/Sync/TableClientQueryTests.cs,
   * Query_WhenUsingZeroTakeCount_ReturnsNoEntities, Query_TakeCountLessThan0_ThrowsException,
   * Query_TakeCountGreaterThan1000_ThrowsException; Azure/Azurite#1428). Query Tables takes the
   * same values (TableServiceClientTests: {@code $top=-1} is that 400, {@code $top=0} is not). No
   * record of a non-numeric {@code $top} was found; it gets the same 400.
   */
  static @Nullable Integer top(ServiceRequest request) {
    String value = request.queryParameter("$top");
    if (value == null) {
      return null;
    }
    try {
      int top = Integer.parseInt(value.trim());
      if (top >= 0 && top <= Limits.MAX_PAGE_SIZE) {
        return top;
      }
    } catch (NumberFormatException e) {
      // falls through to the service's error
    }
    throw TableErrorCode.INVALID_INPUT.exception();
  }

  /** {@code $select} as a set of property names in order, or null for every property. */
  public static @Nullable Set<String> select(ServiceRequest request) {
    String value = request.queryParameter("$select");
    if (value == null || value.isBlank() || value.trim().equals("*")) {
      return null;
    }
    Set<String> names = new LinkedHashSet<>();
    Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).forEach(names::add);
    if (names.size() > 255) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    return names;
  }
}
