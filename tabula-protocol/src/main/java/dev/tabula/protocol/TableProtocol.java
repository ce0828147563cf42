package dev.tabula.protocol;

import dev.tabula.core.AccessPolicyService;
import dev.tabula.core.BatchService;
import dev.tabula.core.EntityService;
import dev.tabula.core.TableService;
import dev.tabula.core.properties.ServicePropertiesService;
import dev.tabula.engine.Capability;
import dev.tabula.engine.NonBlocking;
import dev.tabula.engine.Stages;
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
import dev.tabula.protocol.operations.AclOperations;
import dev.tabula.protocol.operations.EntityOperations;
import dev.tabula.protocol.operations.ServicePropertiesOperations;
import dev.tabula.protocol.operations.TableOperations;
import dev.tabula.protocol.routing.AsyncOperation;
import dev.tabula.protocol.routing.MethodResolver;
import dev.tabula.protocol.routing.OperationContext;
import dev.tabula.protocol.routing.Resource;
import dev.tabula.protocol.routing.ResourceParser;
import dev.tabula.protocol.routing.Router;
import java.time.Clock;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The Table service protocol, independent of the transport: a request goes through routing, the
 * version check, authentication and one operation, and every outcome leaves with the service's
 * standard headers. Thread-safe; {@link #handle} blocks on the engine, so transports call it off
 * their I/O threads, and try {@link #handleWithoutBlocking} on them first.
 */
public final class TableProtocol {
  private static final Logger LOG = Logger.getLogger(TableProtocol.class.getName());

  /** The methods of single-entity writes, as sent or tunnelled (MERGE may arrive as POST). */
  private static final Set<String> ENTITY_WRITE_METHODS =
      Set.of("POST", "PUT", "MERGE", "PATCH", "DELETE");

  /**
   * The largest body parsed on a network thread: an entity of about 1 KiB parses in microseconds,
   * but one near the 1 MiB limit would hold up every other connection of the event loop.
   */
  private static final int MAX_BODY_STARTED_WITHOUT_BLOCKING = 64 * 1024;

  private final ResourceParser parser;
  private final RequestAuthenticator authenticator;
  private final Router router;
  private final ErrorResponses errors;
  private final Cors cors;
  private final Clock clock;
  private final HttpDateText dates = new HttpDateText();
  private final boolean answersReadsWithoutBlocking;
  private final boolean startsWritesWithoutBlocking;

  /**
   * @param engineCapabilities the engine's; with {@link Capability#NON_BLOCKING_READS} and {@link
   *     Capability#NON_BLOCKING_WRITES}, {@link #handleWithoutBlocking} tries reads and writes
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
      Set<Capability> engineCapabilities) {
    this.answersReadsWithoutBlocking = engineCapabilities.contains(Capability.NON_BLOCKING_READS);
    // A write's attempt authenticates and resolves the table first, which reads without waiting.
    this.startsWritesWithoutBlocking =
        answersReadsWithoutBlocking && engineCapabilities.contains(Capability.NON_BLOCKING_WRITES);
    this.parser = new ResourceParser(accounts);
    this.authenticator = authenticator;
    this.router =
        Routes.of(
            new TableOperations(tables),
            new EntityOperations(entities),
            new BatchOperations(batches, entities, parser, clock),
            new AclOperations(policies),
            new ServicePropertiesOperations(serviceProperties, clock));
    this.errors = new ErrorResponses(clock);
    this.cors = new Cors(serviceProperties);
    this.clock = clock;
  }

  /**
   * Answers one request, waiting for the engine if it must.
   *
   * @param scheme {@code http} or {@code https}, for the links in OData payloads
   */
  public ServiceResponse handle(ServiceRequest request, String scheme) {
    return Stages.join(handleAsync(request, scheme, Runnable::run));
  }

  /**
   * Starts answering one request; the stage completes with the answer, errors rendered, never
   * exceptionally. A write finishes on {@code finishOn} once the engine has committed it.
   *
   * @param scheme {@code http} or {@code https}, for the links in OData payloads
   * @throws NonBlocking.WouldBlock inside {@link NonBlocking#attempt}, when the request cannot be
   *     started without waiting; nothing of it has happened then
   */
  public CompletableFuture<ServiceResponse> handleAsync(
      ServiceRequest request, String scheme, Executor finishOn) {
    String requestId = RequestIds.next();
    CompletableFuture<ServiceResponse> answer;
    try {
      answer =
          Cors.isPreflight(request)
              ? CompletableFuture.completedFuture(preflight(request))
              : dispatch(request, scheme, requestId, finishOn);
    } catch (NonBlocking.WouldBlock e) {
      throw e; // not a failure: the caller answers the request again on a thread that may wait
    } catch (RuntimeException e) {
      answer = CompletableFuture.failedFuture(e);
    }
    return answer.handle(
        (response, failure) -> {
          ServiceResponse answered =
              failure == null ? response : render(Stages.unwrap(failure), request, requestId);
          try {
            return withCors(request, withStandardHeaders(answered, request, requestId));
          } catch (TableException e) {
            // The account's CORS rules could not be read (the engine's store is unreachable): the
            // answer is that error. Thrown from here, it would leave the request never answered.
            return withStandardHeaders(errors.render(e, request, requestId), request, requestId);
          }
        });
  }

  /**
   * Starts answering a request without waiting, as a network event loop must, or returns null when
   * that is not possible: the engine would have to read a file, or cannot take the request without
   * waiting. A read is answered at once from memory; a single-entity write, with an engine that
   * takes writes without waiting ({@link Capability#NON_BLOCKING_WRITES}), is queued and finishes
   * on {@code finishOn}. A refused request has had no effect and is answered again from the start
   * with {@link #handle}.
   *
   * @param scheme {@code http} or {@code https}, for the links in OData payloads
   */
  public CompletableFuture<ServiceResponse> handleWithoutBlocking(
      ServiceRequest request, String scheme, Executor finishOn) {
    if (!triesWithoutBlocking(request)) {
      return null;
    }
    try {
      return NonBlocking.attempt(
          () -> {
            CompletableFuture<ServiceResponse> answer = handleAsync(request, scheme, finishOn);
            if (answer.isDone()) {
              Stages.join(
                  answer); // a refusal while finishing at once (a CORS rules read) is thrown
            }
            return answer;
          });
    } catch (NonBlocking.WouldBlock e) {
      return null;
    }
  }

  /**
   * Whether a request is worth attempting without blocking: point reads and Get Table, and writes
   * that may be single-entity writes. Anything else an attempt would refuse only after routing and
   * authentication, or after parsing a large body, so it skips the attempt rather than do that work
   * twice. A write from a browser (with an {@code Origin}) is skipped too: its CORS headers may
   * need a settings read after the write, where nothing may wait. {@link #handleWithoutBlocking}
   * returns null at once for any other request, so a caller may skip its own preparations.
   */
  public boolean triesWithoutBlocking(ServiceRequest request) {
    String method = request.method();
    if ("GET".equals(method)) {
      return answersReadsWithoutBlocking && namesOneItem(request);
    }
    return startsWritesWithoutBlocking
        && ENTITY_WRITE_METHODS.contains(method)
        && request.body().length <= MAX_BODY_STARTED_WITHOUT_BLOCKING
        && !namesBatch(request.rawPath())
        && request.header("Origin") == null;
  }

  /** Whether a path may name {@code $batch}: also escaped, or with a trailing slash. */
  private static boolean namesBatch(String path) {
    String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    return trimmed.endsWith("$batch")
        || trimmed.regionMatches(true, Math.max(0, trimmed.length() - 8), "%24batch", 0, 8);
  }

  /** What an operation failed with, as the service's error response. */
  private ServiceResponse render(Throwable failure, ServiceRequest request, String requestId) {
    if (failure instanceof TableException e) {
      return errors.render(e, request, requestId);
    }
    LOG.log(Level.SEVERE, "request " + requestId + " failed", failure);
    return errors.render(TableErrorCode.INTERNAL_ERROR.exception(), request, requestId);
  }

  /**
   * Whether the path ends in a key, as a point read ({@code t(PartitionKey='a',RowKey='b')}) or Get
   * Table ({@code Tables('t')}) does. Queries ({@code t()}, {@code Tables}) always scan, which an
   * attempt refuses only after routing and authentication, so they skip it rather than do that work
   * twice.
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

  private CompletableFuture<ServiceResponse> dispatch(
      ServiceRequest request, String scheme, String requestId, Executor finishOn) {
    Resource resource = parser.parse(request, scheme);
    request.requireWellFormedQuery();
    String method = MethodResolver.effectiveMethod(request);
    ProtocolVersion.check(request);
    AccessGrant access = authenticator.authenticate(request, resource.account()).grant();
    RequestAuthorization.check(access, resource, method, request, scheme);
    SecondaryEndpoint.check(resource, method);
    OperationContext context =
        new OperationContext(request, resource, method, requestId, access, finishOn);
    return start(router.find(resource.kind(), method), context);
  }

  /**
   * Starts the operation. A refusal of Create Table or Insert Entity sent with a {@code Prefer} is
   * rendered here, to carry the {@code Preference-Applied} the service sends with it ({@link
   * FailurePreference}); anything else that fails is rendered by {@link #handleAsync}.
   */
  private CompletableFuture<ServiceResponse> start(
      AsyncOperation operation, OperationContext context) {
    String preference = FailurePreference.of(context);
    if (preference == null) {
      return operation.start(context);
    }
    CompletableFuture<ServiceResponse> answer;
    try {
      answer = operation.start(context);
    } catch (TableException e) {
      answer = CompletableFuture.failedFuture(e);
    }
    return answer.handle(
        (response, failure) -> {
          if (failure == null) {
            return response;
          }
          if (Stages.unwrap(failure) instanceof TableException e) {
            return errors
                .render(e, context.request(), context.requestId())
                .header("Preference-Applied", preference);
          }
          throw failure instanceof CompletionException c ? c : new CompletionException(failure);
        });
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
    if (!XmlOperations.includes(request)) {
      response.header("Cache-Control", "no-cache");
      response.header("X-Content-Type-Options", "nosniff");
    }
    return response;
  }
}
