package dev.tabula.protocol;

import dev.tabula.core.AccessPolicyService;
import dev.tabula.core.BatchService;
import dev.tabula.core.ChangeFeedService;
import dev.tabula.core.EntityService;
import dev.tabula.core.NonBlockingCalls;
import dev.tabula.core.TableService;
import dev.tabula.core.TableSettingsService;
import dev.tabula.core.properties.ServicePropertiesService;
import dev.tabula.model.Attempt;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import dev.tabula.protocol.auth.AccessGrant;
import dev.tabula.protocol.auth.AuthResult;
import dev.tabula.protocol.auth.RefusedAuthentications;
import dev.tabula.protocol.auth.RequestAuthenticator;
import dev.tabula.protocol.batch.BatchOperations;
import dev.tabula.protocol.cors.Cors;
import dev.tabula.protocol.http.HttpDateText;
import dev.tabula.protocol.http.RequestIds;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.protocol.operations.AclOperations;
import dev.tabula.protocol.operations.ChangeFeedOperations;
import dev.tabula.protocol.operations.EntityCountOperations;
import dev.tabula.protocol.operations.EntityOperations;
import dev.tabula.protocol.operations.ServicePropertiesOperations;
import dev.tabula.protocol.operations.TableOperations;
import dev.tabula.protocol.operations.TableSettingsOperations;
import dev.tabula.protocol.routing.AsyncOperation;
import dev.tabula.protocol.routing.MethodResolver;
import dev.tabula.protocol.routing.NoWaitOperation;
import dev.tabula.protocol.routing.OperationContext;
import dev.tabula.protocol.routing.RequestOperation;
import dev.tabula.protocol.routing.Resource;
import dev.tabula.protocol.routing.ResourceParser;
import dev.tabula.protocol.routing.Route;
import dev.tabula.protocol.routing.Router;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Table service protocol, independent of the transport: a request is classified once ({@link
 * #classify}: its resource, effective method and operation), then goes through the version check,
 * authentication, authorization and one operation, and every outcome leaves with the service's
 * standard headers. Thread-safe.
 *
 * <p>Two ways to answer: {@link #handle} waits for the engine, so transports call it off their I/O
 * threads; {@link #tryHandle} never waits, so an I/O thread may run it for the requests {@link
 * #triesWithoutWaiting} names, and hands the request to {@link #handle} when it says it would wait.
 */
public final class TableProtocol {
  private static final Logger LOG = LoggerFactory.getLogger(TableProtocol.class);

  /**
   * The largest body parsed on a network thread: an entity of about 1 KiB parses in microseconds,
   * but one near the 1 MiB limit would hold up every other connection of the event loop.
   */
  private static final int MAX_BODY_STARTED_WITHOUT_WAITING = 64 * 1024;

  private final ResourceParser parser;
  private final RequestAuthenticator authenticator;
  private final Router router;
  private final ErrorResponses errors;
  private final Cors cors;
  private final Clock clock;
  private final HttpDateText dates = new HttpDateText();
  private final String server;
  private final RefusedAuthentications refusals = new RefusedAuthentications();

  /**
   * @param nonBlocking what the engine answers without waiting: the operations {@link #tryHandle}
   *     may run
   * @param server the {@code Server} header of every answer: the product and its version, such as
   *     {@code Tabula/0.1.0}
   */
  public TableProtocol(
      TableService tables,
      EntityService entities,
      BatchService batches,
      AccessPolicyService policies,
      TableSettingsService tableSettings,
      ServicePropertiesService serviceProperties,
      Set<String> accounts,
      RequestAuthenticator authenticator,
      Clock clock,
      NonBlockingCalls nonBlocking,
      String server) {
    this(
        tables,
        entities,
        batches,
        policies,
        tableSettings,
        serviceProperties,
        Set.copyOf(accounts)::contains,
        authenticator,
        clock,
        nonBlocking,
        server);
  }

  /**
   * A protocol whose accounts may change while it runs: {@code servedAccounts} is asked at each
   * request whether it names an account served.
   */
  public TableProtocol(
      TableService tables,
      EntityService entities,
      BatchService batches,
      AccessPolicyService policies,
      TableSettingsService tableSettings,
      ServicePropertiesService serviceProperties,
      Predicate<String> servedAccounts,
      RequestAuthenticator authenticator,
      Clock clock,
      NonBlockingCalls nonBlocking,
      String server) {
    this.parser = new ResourceParser(servedAccounts);
    this.authenticator = authenticator;
    this.router =
        Routes.of(
            new TableOperations(tables),
            new EntityOperations(entities),
            new EntityCountOperations(entities),
            new BatchOperations(batches, entities, parser, clock),
            new AclOperations(policies),
            new TableSettingsOperations(tableSettings),
            new ServicePropertiesOperations(serviceProperties, clock),
            nonBlocking);
    this.errors = new ErrorResponses(clock, authenticator.bearerChallenge());
    this.cors = new Cors(serviceProperties);
    this.clock = clock;
    this.server = server;
  }

  /**
   * Serves the change-feed extension ({@code comp=tabula-changes}) from {@code feeds}; call it
   * before serving. Without it such a request is 501 NotImplemented. Returns this protocol.
   */
  public TableProtocol withChangeFeed(ChangeFeedService feeds) {
    router.routeAsync(Route.READ_TABLE_CHANGES, new ChangeFeedOperations(feeds)::read);
    return this;
  }

  /**
   * Answers one request, waiting for the engine if it must.
   *
   * @param scheme {@code http} or {@code https}, for the links in OData payloads
   */
  public ServiceResponse handle(ServiceRequest request, String scheme) {
    return handle(classify(request, scheme));
  }

  /**
   * What a request asks for, read from its URL and method alone: cheap, and it never waits. A
   * request that cannot be read is classified too, and answered with its error.
   *
   * @param scheme {@code http} or {@code https}, for the links in OData payloads
   */
  public ClassifiedRequest classify(ServiceRequest request, String scheme) {
    String requestId = RequestIds.next();
    if (Cors.isPreflight(request)) {
      return ClassifiedRequest.preflight(request, scheme, requestId);
    }
    try {
      Resource resource = parser.parse(request, scheme);
      request.requireWellFormedQuery();
      String method = MethodResolver.effectiveMethod(request);
      return ClassifiedRequest.of(
          request, scheme, requestId, RequestOperation.of(resource, method, request));
    } catch (RuntimeException e) {
      return ClassifiedRequest.failed(request, scheme, requestId, e);
    }
  }

  /** Answers a classified request, waiting for the engine if it must. */
  public ServiceResponse handle(ClassifiedRequest classified) {
    try {
      return handleAsync(classified, Runnable::run).join(); // errors are rendered: never failed
    } catch (CompletionException e) {
      throw e.getCause() instanceof RuntimeException cause ? cause : e;
    }
  }

  /**
   * Whether {@link #tryHandle} may answer the request: its operation has a form that never waits
   * over this engine (Get Table, a point read, a single-entity write), and its body is small enough
   * to parse on a network thread. Decided from the classification alone, so a caller may skip its
   * own preparations for any other request.
   */
  public boolean triesWithoutWaiting(ClassifiedRequest classified) {
    RequestOperation operation = classified.operation();
    return operation != null
        && classified.request().body().length <= MAX_BODY_STARTED_WITHOUT_WAITING
        && router.findWithoutWaiting(operation).isPresent();
  }

  /**
   * Starts answering a request without waiting, as a network event loop must: a read is answered at
   * once from memory, a single-entity write is queued with the engine and its answer finishes on
   * {@code finishOn}. Would-wait when that is not possible (the engine would have to read a file,
   * the account's CORS rules or a stored access policy are not in memory, or the request is not one
   * {@link #triesWithoutWaiting} names); nothing of the request has happened then, and {@link
   * #handle} answers it, going on from what was decided here.
   */
  public Attempt<CompletableFuture<ServiceResponse>> tryHandle(
      ClassifiedRequest classified, Executor finishOn) {
    if (!triesWithoutWaiting(classified)) {
      return Attempt.wouldWait();
    }
    ServiceRequest request = classified.request();
    RequestOperation requested =
        Objects.requireNonNull(classified.operation(), "triesWithoutWaiting found one");
    NoWaitOperation operation = router.findWithoutWaiting(requested).orElseThrow();
    Attempt<UnaryOperator<ServiceResponse>> corsHeaders =
        cors.tryDecorator(request, requested.resource().account());
    if (!corsHeaders.isAnswered() || !authenticator.authenticatesWithoutWaiting(request)) {
      return Attempt.wouldWait();
    }
    OperationContext context;
    try {
      context = admit(classified, finishOn);
    } catch (RuntimeException refused) {
      return Attempt.answered(
          finish(classified, CompletableFuture.failedFuture(refused), corsHeaders.answer()));
    }
    Attempt<CompletableFuture<ServiceResponse>> started = tryStart(operation, context);
    if (!started.isAnswered()) {
      classified.admitted(context);
      return Attempt.wouldWait();
    }
    return Attempt.answered(finish(classified, started.answer(), corsHeaders.answer()));
  }

  /**
   * Starts answering one request; the stage completes with the answer, errors rendered, never
   * exceptionally. A write finishes on {@code finishOn} once the engine has committed it.
   */
  public CompletableFuture<ServiceResponse> handleAsync(
      ClassifiedRequest classified, Executor finishOn) {
    ServiceRequest request = classified.request();
    CompletableFuture<ServiceResponse> answer;
    try {
      answer =
          classified.isPreflight()
              ? CompletableFuture.completedFuture(preflight(request))
              : start(admit(classified, finishOn));
    } catch (RuntimeException e) {
      answer = CompletableFuture.failedFuture(e);
    }
    return finish(classified, answer, response -> withCors(request, response));
  }

  /**
   * The answer once {@code answer} completes: a failure rendered, the standard headers and the CORS
   * headers added.
   */
  private CompletableFuture<ServiceResponse> finish(
      ClassifiedRequest classified,
      CompletableFuture<ServiceResponse> answer,
      UnaryOperator<ServiceResponse> corsHeaders) {
    ServiceRequest request = classified.request();
    String requestId = classified.requestId();
    return answer.handle(
        (response, failure) -> {
          ServiceResponse answered =
              failure == null ? response : render(unwrap(failure), request, requestId);
          try {
            return corsHeaders.apply(withStandardHeaders(answered, request, requestId));
          } catch (TableException e) {
            // The account's CORS rules could not be read (the engine's store is unreachable): the
            // answer is that error. Thrown from here, it would leave the request never answered.
            return withStandardHeaders(errors.render(e, request, requestId), request, requestId);
          }
        });
  }

  /**
   * The checks before an operation runs, in the service's order: the version, the credentials, what
   * they grant, the secondary endpoint's refusal of writes. A request a network thread admitted
   * before the engine said it would wait is not admitted again.
   */
  private OperationContext admit(ClassifiedRequest classified, Executor finishOn) {
    if (classified.failure() != null) {
      throw classified.failure();
    }
    if (classified.admitted() != null) {
      return classified.admitted().finishingOn(finishOn);
    }
    ServiceRequest request = classified.request();
    // Neither a preflight (answered without admission) nor unreadable: it names an operation.
    RequestOperation operation =
        Objects.requireNonNull(classified.operation(), "an admitted request's operation");
    Resource resource = operation.resource();
    ProtocolVersion.check(request);
    AccessGrant access = authenticated(request, resource).grant();
    RequestAuthorization.check(access, operation, request, classified.scheme());
    SecondaryEndpoint.check(resource, operation.method());
    return new OperationContext(
        request, operation, classified.requestId(), access, finishOn, classified.touched());
  }

  /** Who the request proved to be; a refusal of its credentials is logged (one line, no trace). */
  private AuthResult authenticated(ServiceRequest request, Resource resource) {
    try {
      return authenticator.authenticate(request, resource.account());
    } catch (TableException e) {
      if (RefusedAuthentications.isRefusal(e)) {
        refusals.refused(request, resource.account(), e);
      }
      throw e;
    }
  }

  /**
   * What an operation failed with, as the service's error response. Only a failure that is not the
   * service's answer to the request (a bug, an engine's unexpected failure: 500 InternalError) is
   * logged, with its stack trace; client errors are the client's to read, in the answer.
   */
  private ServiceResponse render(Throwable failure, ServiceRequest request, String requestId) {
    if (failure instanceof TableException e) {
      return errors.render(e, request, requestId);
    }
    LOG.error("Request {} failed; answered 500 InternalError", requestId, failure);
    return errors.render(TableErrorCode.INTERNAL_ERROR.exception(), request, requestId);
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

  /**
   * Starts the request's operation. A refusal of Create Table or Insert Entity sent with a {@code
   * Prefer} is rendered here, to carry the {@code Preference-Applied} the service sends with it
   * ({@link FailurePreference}); anything else that fails is rendered by {@link #finish}.
   */
  private CompletableFuture<ServiceResponse> start(OperationContext context) {
    AsyncOperation operation = router.find(context.operation());
    CompletableFuture<ServiceResponse> answer;
    try {
      answer = operation.start(context);
    } catch (RuntimeException e) {
      answer = CompletableFuture.failedFuture(e);
    }
    return preferred(answer, context);
  }

  /** {@link #start} with the form of the operation that never waits. */
  private Attempt<CompletableFuture<ServiceResponse>> tryStart(
      NoWaitOperation operation, OperationContext context) {
    Attempt<CompletableFuture<ServiceResponse>> started;
    try {
      started = operation.tryStart(context);
    } catch (RuntimeException e) {
      started = Attempt.answered(CompletableFuture.failedFuture(e));
    }
    return started.map(answer -> preferred(answer, context));
  }

  private CompletableFuture<ServiceResponse> preferred(
      CompletableFuture<ServiceResponse> answer, OperationContext context) {
    Optional<String> applied = FailurePreference.of(context);
    if (applied.isEmpty()) {
      return answer;
    }
    String preference = applied.get();
    return answer.handle(
        (response, failure) -> {
          if (failure == null) {
            return response;
          }
          if (unwrap(failure) instanceof TableException e) {
            return errors
                .render(e, context.request(), context.requestId())
                .header("Preference-Applied", preference);
          }
          throw failure instanceof CompletionException c ? c : new CompletionException(failure);
        });
  }

  /** The exception a stage completed with, without the wrappers of the stages after it. */
  private static Throwable unwrap(Throwable failure) {
    Throwable cause = failure;
    while (cause instanceof CompletionException && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause;
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
    response.header("Server", server);
    if (!XmlOperations.includes(request)) {
      response.header("Cache-Control", "no-cache");
      response.header("X-Content-Type-Options", "nosniff");
    }
    return response;
  }
}
