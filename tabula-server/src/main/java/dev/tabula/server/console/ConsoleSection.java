package dev.tabula.server.console;

import dev.tabula.protocol.TableProtocol;
import dev.tabula.protocol.auth.RequestAuthenticator;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.server.admin.AdminRoutes;
import dev.tabula.server.admin.AdminSection;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpUtil;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The console on the admin listener: {@code /console} redirects to {@code /console/}, the page and
 * its files are served from the jar ({@link ConsoleAssets}), and {@code /console/api/...} is
 * answered on two console threads of its own ({@link ConsoleApi}: a forwarded request may wait for
 * the engine, which the admin event loop must not), at most {@value #QUEUE} waiting, past which
 * 503. Every request passes the {@link ConsoleGate} first. Thread-safe; {@link #close} stops the
 * threads.
 */
public final class ConsoleSection implements AdminSection, AutoCloseable {
  /** The service's largest body (a $batch of 4 MiB), which a forwarded request may carry. */
  private static final int MAX_BODY_BYTES = 4 * 1024 * 1024;

  private static final String API = "/console/api/";
  private static final String OFF =
      "not found: the console is off, since the admin listener is not on loopback and no admin"
          + " token is set (--admin-token, TABULA_ADMIN_TOKEN; docs/console.md)";
  private static final ConsoleAnswer SIGN_IN_NEEDED =
      ConsoleAnswer.json(401, "{\"signIn\":true}".getBytes(StandardCharsets.UTF_8));

  private static final int THREADS = 2;
  private static final int QUEUE = 64;

  private final ConsoleGate gate;
  private final ConsoleAccess access;
  private final ConsoleAssets assets;
  private final String contentSecurityPolicy;
  private final ConsoleApi api;
  private final ExportStream export;
  private final ThreadPoolExecutor threads;

  private ConsoleSection(
      ConsoleSettings settings,
      ConsoleApi api,
      TableProtocol protocol,
      ExportTickets tickets,
      ConsoleAssets assets) {
    this.assets = assets;
    this.gate = new ConsoleGate(settings.adminHost());
    this.access = new ConsoleAccess(settings.loopback(), settings.adminToken(), Clock.systemUTC());
    this.contentSecurityPolicy = ContentSecurityPolicy.forPage(assets.index().bytes());
    this.api = api;
    this.export = new ExportStream(protocol, tickets, contentSecurityPolicy);
    AtomicInteger count = new AtomicInteger();
    this.threads =
        new ThreadPoolExecutor(
            THREADS,
            THREADS,
            0,
            TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(QUEUE),
            runnable -> {
              Thread thread = new Thread(runnable, "tabula-console-" + count.incrementAndGet());
              thread.setDaemon(true);
              return thread;
            });
  }

  /**
   * The console for {@code settings}.
   *
   * @param protocolFor the Table protocol over the server's services for the accounts the predicate
   *     names, with the given authenticator and no other
   * @param resources more API paths (such as {@code /console/api/activity}) and what answers them
   */
  public static ConsoleSection create(
      ConsoleSettings settings,
      BiFunction<Predicate<String>, RequestAuthenticator, TableProtocol> protocolFor,
      Map<String, ConsoleResource> resources) {
    return create(settings, protocolFor, resources, new ConsoleAssets());
  }

  /** {@link #create(ConsoleSettings, BiFunction, Map)} serving the files of {@code assets}. */
  static ConsoleSection create(
      ConsoleSettings settings,
      BiFunction<Predicate<String>, RequestAuthenticator, TableProtocol> protocolFor,
      Map<String, ConsoleResource> resources,
      ConsoleAssets assets) {
    ConsoleAccounts accounts = settings.accounts();
    TableProtocol protocol =
        protocolFor.apply(accounts::includes, new ConsoleAuthenticator(accounts::includes));
    Map<String, ConsoleResource> all = new HashMap<>(resources);
    all.put(
        "/console/api/session",
        new SessionResource(settings.version(), settings.engine(), accounts, settings.loopback()));
    ExportTickets tickets = new ExportTickets(Clock.systemUTC());
    ExportResource exports = new ExportResource(tickets, accounts);
    all.put(ExportResource.TICKETS, exports::issue);
    all.put(ExportResource.STATUS, exports::status);
    all.put(ImportResource.PREFIX, new ImportResource(protocol, accounts));
    return new ConsoleSection(
        settings, new ConsoleApi(new ConsoleForwarding(protocol), all), protocol, tickets, assets);
  }

  @Override
  public boolean serves(String path) {
    return path.equals("/console") || path.startsWith("/console/");
  }

  @Override
  public int maxBodyBytes() {
    return MAX_BODY_BYTES;
  }

  @Override
  public void handle(ChannelHandlerContext ctx, FullHttpRequest request) {
    try {
      boolean keepAlive = HttpUtil.isKeepAlive(request);
      boolean head = HttpMethod.HEAD.equals(request.method());
      String path = AdminRoutes.pathOf(request.uri());
      boolean isApi = path.startsWith(API);
      // An export link cannot carry the header; its one-time ticket stands for it (ExportStream).
      boolean ticketed = path.startsWith(ExportStream.PREFIX) && request.uri().contains("ticket=");
      String refusal =
          gate.refusal(
              request.headers().get(HttpHeaderNames.HOST),
              request.headers().get(ConsoleGate.HEADER),
              isApi && !ticketed,
              localPort(ctx));
      if (refusal != null) {
        write(ctx, ConsoleAnswer.text(403, refusal), head, keepAlive);
      } else if (access.off()) {
        write(ctx, ConsoleAnswer.text(404, OFF), head, keepAlive);
      } else if (isApi) {
        api(ctx, request, path, keepAlive);
      } else {
        staticFile(ctx, request.method(), path, head, keepAlive);
      }
    } finally {
      request.release();
    }
  }

  /** An API request: sign-in and sign-out here, the rest on a console thread once signed in. */
  private void api(
      ChannelHandlerContext ctx, FullHttpRequest request, String path, boolean keepAlive) {
    String cookie = request.headers().get(HttpHeaderNames.COOKIE);
    if (path.equals(API + "signin")) {
      byte[] body = ByteBufUtil.getBytes(request.content());
      write(ctx, access.signIn(request.method().name(), body), false, keepAlive);
    } else if (path.equals(API + "signout")) {
      write(ctx, access.signOut(cookie), false, keepAlive);
    } else if (!access.allows(cookie)) {
      write(ctx, SIGN_IN_NEEDED, false, keepAlive);
    } else if (path.startsWith(ExportStream.PREFIX)) {
      boolean withHeader = "1".equals(request.headers().get(ConsoleGate.HEADER));
      export.start(ctx, ConsoleHttp.read(ctx, request), withHeader);
    } else {
      startApi(ctx, ConsoleHttp.read(ctx, request), keepAlive);
    }
  }

  /**
   * A file of the page: answered at once when it is in memory, else read from the jar on a console
   * thread, since reading is I/O the admin event loop must not wait for.
   */
  private void staticFile(
      ChannelHandlerContext ctx, HttpMethod method, String path, boolean head, boolean keepAlive) {
    Optional<ConsoleAssets.Asset> known = assets.cached(path);
    boolean readsFile =
        (HttpMethod.GET.equals(method) || HttpMethod.HEAD.equals(method))
            && !path.equals("/console");
    if (known.isPresent() || !readsFile) {
      write(ctx, staticAnswer(method, path, known), head, keepAlive);
    } else {
      run(ctx, () -> staticAnswer(method, path, assets.find(path)), head, keepAlive);
    }
  }

  private void startApi(ChannelHandlerContext ctx, ServiceRequest request, boolean keepAlive) {
    run(ctx, () -> api.answer(request), false, keepAlive);
  }

  /** Writes {@code answer}, computed on a console thread; 503 when too many are waiting. */
  private void run(
      ChannelHandlerContext ctx, Supplier<ConsoleAnswer> answer, boolean head, boolean keepAlive) {
    try {
      threads.execute(() -> write(ctx, answerSafely(answer), head, keepAlive));
    } catch (RejectedExecutionException e) {
      write(ctx, ConsoleAnswer.text(503, "busy: too many console requests at once"), false, false);
    }
  }

  private static ConsoleAnswer answerSafely(Supplier<ConsoleAnswer> answer) {
    try {
      return answer.get();
    } catch (RuntimeException e) {
      return ConsoleAnswer.text(500, "internal error: " + e.getClass().getSimpleName());
    }
  }

  /** The answer to {@code method} on {@code path} outside the API, whose file is {@code file}. */
  private static ConsoleAnswer staticAnswer(
      HttpMethod method, String path, Optional<ConsoleAssets.Asset> file) {
    if (path.equals("/console")) {
      return ConsoleAnswer.text(301, "moved to /console/").with("Location", "/console/");
    }
    if (!HttpMethod.GET.equals(method) && !HttpMethod.HEAD.equals(method)) {
      return ConsoleAnswer.methodNotAllowed("GET, HEAD");
    }
    return file.map(
            asset ->
                ConsoleAnswer.of(200, asset.contentType(), asset.bytes())
                    .with("Cache-Control", "no-cache"))
        .orElseGet(() -> ConsoleAnswer.text(404, "not found: " + path));
  }

  private void write(
      ChannelHandlerContext ctx, ConsoleAnswer answer, boolean head, boolean keepAlive) {
    ConsoleHttp.write(ctx, answer, contentSecurityPolicy, head, keepAlive);
  }

  private static int localPort(ChannelHandlerContext ctx) {
    return ctx.channel().localAddress() instanceof InetSocketAddress local ? local.getPort() : -1;
  }

  @Override
  public void close() {
    threads.shutdownNow();
  }
}
