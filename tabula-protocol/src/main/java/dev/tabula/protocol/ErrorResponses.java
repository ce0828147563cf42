package dev.tabula.protocol;

import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import dev.tabula.protocol.http.ErrorTrailer;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.protocol.json.ErrorJsonWriter;
import dev.tabula.protocol.json.MetadataLevel;
import dev.tabula.protocol.xml.ErrorXmlWriter;
import dev.tabula.protocol.xml.XmlContent;
import java.time.Clock;
import org.jspecify.annotations.Nullable;

/**
 * The one renderer of errors: status, {@code x-ms-error-code}, and the error body whose message
 * ends with the request id and time, as the service's does: OData JSON for the OData operations,
 * {@code <Error><Code/><Message/></Error>} XML for the plain XML ones ({@link #answersInXml}).
 */
public final class ErrorResponses {
  private final Clock clock;
  private final @Nullable String bearerChallenge;

  public ErrorResponses(Clock clock) {
    this(clock, null);
  }

  /**
   * @param bearerChallenge the {@code WWW-Authenticate} value of every 401 answer, or null when the
   *     server takes no bearer tokens (then a 401 carries no challenge, as before)
   */
  public ErrorResponses(Clock clock, @Nullable String bearerChallenge) {
    this.clock = clock;
    this.bearerChallenge = bearerChallenge;
  }

  /** The response for a failure with this code and message. */
  public ServiceResponse render(TableException error, ServiceRequest request, String requestId) {
    TableErrorCode code = error.code();
    String message = error.getMessage() + ErrorTrailer.of(requestId, clock.instant());
    if (answersInXml(request)) {
      return challenged(new ServiceResponse(code.status()))
          .header("x-ms-error-code", code.code())
          .body(XmlContent.TYPE, ErrorXmlWriter.write(code.code(), message));
    }
    return challenged(new ServiceResponse(code.status()))
        .header("x-ms-error-code", code.code())
        .header("DataServiceVersion", "3.0;")
        .body(contentType(request), ErrorJsonWriter.write(code.code(), message));
  }

  /**
   * A 401 with the bearer challenge, when there is one: the service sends it with every 401, and a
   * client's challenge policy reads the tenant to ask for a token from it (azure-data-tables'
   * TableBearerTokenChallengeAuthorizationPolicy takes the first path segment of {@code
   * authorization_uri}).
   */
  private ServiceResponse challenged(ServiceResponse response) {
    if (bearerChallenge != null && response.status() == 401) {
      response.header("WWW-Authenticate", bearerChallenge);
    }
    return response;
  }

  /** Whether the request is one of the {@link XmlOperations}, whose errors are XML. */
  private static boolean answersInXml(ServiceRequest request) {
    return XmlOperations.includes(request);
  }

  /** Errors follow the Accept header's metadata level when it names one, else minimal. */
  private static String contentType(ServiceRequest request) {
    if (request == null) {
      return MetadataLevel.MINIMAL_METADATA.contentType();
    }
    try {
      return MetadataLevel.negotiate(request.header("Accept"), request.queryParameter("$format"))
          .contentType();
    } catch (TableException unsupported) {
      return MetadataLevel.MINIMAL_METADATA.contentType();
    }
  }
}
