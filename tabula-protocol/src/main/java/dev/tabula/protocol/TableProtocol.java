package dev.tabula.protocol;

import dev.tabula.core.AccessPolicyService;
import dev.tabula.core.BatchService;
import dev.tabula.core.EntityService;
import dev.tabula.core.TableService;
import dev.tabula.core.properties.ServicePropertiesService;
import dev.tabula.engine.NonBlocking;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import dev.tabula.protocol.auth.AccessGrant;
import dev.tabula.protocol.auth.RequestAuthenticator;
import dev.tabula.protocol.batch.BatchOperations;
import dev.tabula.protocol.cors.Cors;
import dev.tabula.protocol.http.HttpDateText;
import dev.tabula.protocol.http.RequestIds;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.protocol.json.FeedWriter;
import dev.tabula.protocol.operations.AclOperations;
import dev.tabula.protocol.operations.EntityOperations;
import dev.tabula.protocol.operations.ServicePropertiesOperations;
import dev.tabula.protocol.operations.TableOperations;
import dev.tabula.protocol.routing.MethodResolver;
import dev.tabula.protocol.routing.OperationContext;
import dev.tabula.protocol.routing.Resource;
import dev.tabula.protocol.routing.ResourceParser;
import dev.tabula.protocol.routing.Router;
import java.time.Clock;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The Table service protocol, independent of the transport: a request goes through routing,
 * the version check, authentication and one operation, and every outcome leaves with the
 * service's standard headers. Thread-safe; {@link #handle} blocks on the engine, so transports
 * call it off their I/O threads.
 */
public final class TableProtocol {
  private static final Logger LOG = Logger.getLogger(TableProtocol.class.getName());

  private final ResourceParser parser;
  private final RequestAuthenticator authenticator;
  private final Router router;
  private final ErrorResponses errors;
  private final Cors cors;
  private final Clock clock;
  private final HttpDateText dates = new HttpDateText();
  private final boolean answersWithoutBlocking;

  /**
   * @param answersWithoutBlocking whether the engine has {@link
   *     dev.tabula.engine.Capability#NON_BLOCKING_READS}, so that {@link #handleWithoutBlocking}
   *     may try
   * @param feeds writes Query Entities pages (with or without helper threads)
   */
  public TableProtocol(
      TableService tables,
      EntityService entities,
      BatchService batches,
      AccessPolicyService policies,
      ServicePropertiesService serviceProperties,
      Set<String> accounts,
      RequestAuthenticator authenticator,
      Clock clock,
      boolean answersWithoutBlocking,
      FeedWriter feeds) {
    this.answersWithoutBlocking = answersWithoutBlocking;
    this.parser = new ResourceParser(accounts);
    this.authenticator = authenticator;
    this.router =
        Routes.of(
            new TableOperations(tables),
            new EntityOperations(entities, feeds),
            new BatchOperations(batches, entities, parser, clock),
            new AclOperations(policies),
            new ServicePropertiesOperations(serviceProperties, clock));
    this.errors = new ErrorResponses(clock);
    this.cors = new Cors(serviceProperties);
    this.clock = clock;
  }

  /**
   * Answers one request.
   *
   * @param scheme {@code http} or {@code https}, for the links in OData payloads
   */
  public ServiceResponse handle(ServiceRequest request, String scheme) {
    String requestId = RequestIds.next();
    ServiceResponse response;
    try {
      response = Cors.isPreflight(request)
          ? preflight(request)
          : dispatch(request, scheme, requestId);
    } catch (TableException e) {
      response = errors.render(e, request, requestId);
    } catch (NonBlocking.WouldBlock e) {
      throw e; // not a failure: the caller answers the request again on a thread that may wait
    } catch (RuntimeException e) {
      LOG.log(Level.SEVERE, "request " + requestId + " failed", e);
      response = errors.render(TableErrorCode.INTERNAL_ERROR.exception(), request, requestId);
    }
    return withCors(request, withStandardHeaders(response, request, requestId));
  }

  /**
   * Answers a request without waiting for storage, as a network event loop must, or returns null
   * when that is not possible: the engine would have to read a file or write, or it cannot answer
   * anything without waiting. Only for requests that change nothing (GET), because a refused one is
   * answered again from the start with {@link #handle}.
   *
   * @param scheme {@code http} or {@code https}, for the links in OData payloads
   */
  public ServiceResponse handleWithoutBlocking(ServiceRequest request, String scheme) {
    if (!answersWithoutBlocking || !"GET".equals(request.method()) || !namesOneItem(request)) {
      return null;
    }
    try {
      return NonBlocking.attempt(() -> handle(request, scheme));
    } catch (NonBlocking.WouldBlock e) {
      return null;
    }
  }

  /**
   * Whether the path ends in a key, as a point read ({@code t(PartitionKey='a',RowKey='b')}) or Get
   * Table ({@code Tables('t')}) does. Queries ({@code t()}, {@code Tables}) always scan, which an
   * attempt refuses only after routing and authentication, so they skip it rather than do that
   * work twice.
   */
  private static boolean namesOneItem(ServiceRequest request) {
    String path = request.rawPath();
    return path.endsWith(")") && !path.endsWith("()");
  }

  /**
   * A preflight request: anonymous and without the version check, answered from the CORS rules of
   * the account its URL names, whatever the rest of the path ("Preflight Table Request").
   */
  private ServiceResponse preflight(ServiceRequest request) {
    String account = parser.account(request).orElseThrow(TableErrorCode.INVALID_URI::exception);
    return cors.preflight(request, account);
  }

  /** Adds the CORS headers of the account's rules; errors get them too, so browsers see them. */
  private ServiceResponse withCors(ServiceRequest request, ServiceResponse response) {
    if (Cors.mayDecorate(request)) {
      parser.account(request).ifPresent(account -> cors.decorate(request, account, response));
    }
    return response;
  }

  /** The response for a request the transport refused before it was read whole. */
  public ServiceResponse reject(TableException error, ServiceRequest partial) {
    String requestId = RequestIds.next();
    return withStandardHeaders(errors.render(error, partial, requestId), partial, requestId);
  }

  private ServiceResponse dispatch(ServiceRequest request, String scheme, String requestId) {
    Resource resource = parser.parse(request, scheme);
    String method = MethodResolver.effectiveMethod(request);
    ProtocolVersion.check(request);
    AccessGrant access = authenticator.authenticate(request, resource.account()).grant();
    RequestAuthorization.check(access, resource, method, request, scheme);
    OperationContext context = new OperationContext(request, resource, method, requestId, access);
    return router.find(resource.kind(), method).handle(context);
  }

  private ServiceResponse withStandardHeaders(
      ServiceResponse response, ServiceRequest request, String requestId) {
    response.header("x-ms-request-id", requestId);
    String version = request == null ? null : request.header("x-ms-version");
    response.header("x-ms-version", version == null ? ProtocolVersion.DEFAULT : version.trim());
    response.header("Date", dates.format(clock.instant()));
    String clientRequestId = request == null ? null : request.header("x-ms-client-request-id");
    if (clientRequestId != null) {
      response.header("x-ms-client-request-id", clientRequestId);
    }
    response.header("Server", "Windows-Azure-Table/1.0 Microsoft-HTTPAPI/2.0");
    response.header("Cache-Control", "no-cache");
    response.header("X-Content-Type-Options", "nosniff");
    return response;
  }
}
