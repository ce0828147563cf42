package dev.tabula.server;

import dev.tabula.model.Attempt;
import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.ClassifiedRequest;
import dev.tabula.protocol.TableProtocol;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.protocol.http.StreamedBody;
import dev.tabula.server.telemetry.Telemetry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands each whole HTTP request to the protocol on the worker pool (engine calls block, so they
 * never run on an event loop) and writes the answer back on the channel's event loop. A full pool
 * answers 503 ServerBusy at once instead of queueing without bound.
 *
 * <p>Each request is classified right here ({@link TableProtocol#classify}), and one whose
 * operation has a form that never waits is first tried here too ({@link TableProtocol#tryHandle}):
 * a point read of an entity in memory is answered on the event loop, and a single-entity write is
 * queued with the engine and answered on the event loop when it commits, saving the thread
 * hand-offs that dominate their cost; anything that would wait goes to the pool with its
 * classification. Writes waiting for the engine this way are bounded like the pool's ({@link
 * WorkerPool#admitAside}).
 *
 * <p>A write started on a worker, a {@code $batch} among them, frees the worker the same way once
 * the engine has queued it ({@link #startOnWorker}).
 *
 * <p>One request per connection is in hand at a time. HTTP/1.1 lets a client send requests without
 * waiting for answers (pipelining), and the answers must come back in the order asked: a request
 * read while an earlier one is unanswered waits here, and reading from the connection pauses until
 * it is started, which bounds what a pipelining client can make the server hold to what one read
 * brought in. Taking the requests in turn also means a read sent after a write sees it. Clients
 * that wait for each answer, as the SDKs do, never wait here. Every field is touched on the
 * channel's event loop only.
 *
 * <p>Backpressure: answers the client has not read yet stay in the connection's output buffer. Once
 * that holds more than {@link #OUTPUT_BOUND}'s high mark the channel turns unwritable, and then no
 * further request is started and reading pauses, as if a request were in hand, until the client has
 * read the output down to the low mark. A client that pipelines requests for large answers and
 * never reads so costs the server at most the high mark, one answer, and the requests of one read
 * (issue 18), and slows only itself.
 */
final class HttpExchangeHandler extends ChannelInboundHandlerAdapter {
  /** Unsent output past which a connection is not read further (low: 256 KiB, high: 1 MiB). */
  static final WriteBufferWaterMark OUTPUT_BOUND =
      new WriteBufferWaterMark(256 * 1024, 1024 * 1024);

  private static final Logger LOG = LoggerFactory.getLogger(HttpExchangeHandler.class);

  /** How long a refused request's remaining bytes are read and dropped before the close. */
  private static final Duration LINGER = Duration.ofSeconds(2);

  private final TableProtocol protocol;
  private final WorkerPool workers;
  private final InFlightRequests inFlight;
  private final String scheme;
  private final Telemetry telemetry;

  /**
   * Requests (or refusals) read while an earlier request was unanswered, oldest first; made on
   * first need, as most connections never pipeline and an idle connection should cost little.
   */
  private @Nullable ArrayDeque<Object> waiting;

  /** Whether a request is in hand: started, and its answer not yet written. */
  private boolean answering;

  /** Whether waiting requests are being started: an answer written meanwhile leaves it to that. */
  private boolean startingWaiting;

  /** Whether reading was paused because requests are waiting. */
  private boolean paused;

  /** Whether the connection is closing after an answer: what waits is never answered. */
  private boolean closing;

  /** Whether the request in hand is counted in flight ({@link InFlightRequests}). */
  private boolean counted;

  /** Whether the server is stopping: the connection closes once the request in hand is answered. */
  private boolean draining;

  HttpExchangeHandler(
      TableProtocol protocol,
      WorkerPool workers,
      InFlightRequests inFlight,
      String scheme,
      Telemetry telemetry) {
    this.protocol = protocol;
    this.workers = workers;
    this.inFlight = inFlight;
    this.scheme = scheme;
    this.telemetry = telemetry;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    Object next;
    if (msg instanceof FullHttpRequest request) {
      try {
        next =
            new Exchange(
                toServiceRequest(request, bodyOf(request), peer(ctx)),
                HttpUtil.isKeepAlive(request),
                !HttpVersion.HTTP_1_0.equals(request.protocolVersion()));
      } finally {
        request.release();
      }
    } else if (msg instanceof Refusal refusal) {
      next = refusal;
    } else {
      ctx.fireChannelRead(msg);
      return;
    }
    if (closing || draining) {
      return;
    }
    if (answering || hasWaiting() || !ctx.channel().isWritable()) {
      if (waiting == null) {
        waiting = new ArrayDeque<>(4);
      }
      waiting.add(next);
      pauseReading(ctx);
      return;
    }
    start(ctx, next);
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    if (ctx.channel().isWritable()) {
      startWaiting(ctx); // resumes reading once none is left
    }
    ctx.fireChannelWritabilityChanged();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    waiting = null;
    if (counted) {
      counted = false;
      inFlight.abandoned();
    }
    ctx.fireChannelInactive();
  }

  /**
   * The server is stopping ({@link InFlightRequests#drain}): a connection with no request in hand
   * (an idle keep-alive one, or one whose request is still arriving) closes now; one with a request
   * in hand gets its answer, then closes. Requests pipelined behind it are not started.
   */
  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
    if (event != InFlightRequests.DrainEvent.INSTANCE) {
      ctx.fireUserEventTriggered(event);
      return;
    }
    draining = true;
    waiting = null;
    if (!counted) {
      closing = true;
      ctx.close();
    }
  }

  private void start(ChannelHandlerContext ctx, Object next) {
    answering = true;
    if (next instanceof Refusal refusal) {
      closing = true;
      waiting = null;
      resumeReading(ctx); // the rest of the refused request is read and dropped while lingering
      writeAndLinger(ctx, refusal.response())
          .addListener(
              written ->
                  telemetry.answered(
                      Exchange.refused(refusal.response(), peer(ctx), written.isSuccess())));
      return;
    }
    Exchange exchange = (Exchange) next;
    counted = true;
    inFlight.started();
    ServiceRequest request = exchange.request();
    ClassifiedRequest classified = protocol.classify(request, scheme);
    exchange.classified(classified);
    if (startedHere(ctx, exchange, classified)) {
      return;
    }
    try {
      workers.execute(
          request.body().length,
          () -> startOnWorker(ctx, exchange, classified),
          answered ->
              answered.ifPresent(
                  response -> ctx.executor().execute(() -> answer(ctx, response, exchange))));
    } catch (RejectedExecutionException busy) {
      answer(ctx, protocol.reject(TableErrorCode.SERVER_BUSY.exception(), request), exchange);
    }
  }

  /**
   * On the worker: starts the request and returns its answer, or empty when the answer is left to
   * come when the engine completes it. A write that the engine commits on a thread of its own (a
   * single-entity write or a {@code $batch} change set on RocksDB) is only queued here, and the
   * worker goes on to the next request instead of waiting for the synced write; its answer is
   * finished and written on the event loop ({@link WorkerFinish}). Such a request is counted aside
   * ({@link WorkerPool#admitAside}) until then, as a write started on the event loop is; when that
   * bound is reached, the worker waits for the engine, as every request once did.
   */
  private Optional<ServiceResponse> startOnWorker(
      ChannelHandlerContext ctx, Exchange exchange, ClassifiedRequest classified) {
    ServiceRequest request = exchange.request();
    WorkerFinish finishOn = new WorkerFinish(ctx.executor());
    CompletableFuture<ServiceResponse> started;
    try {
      started = protocol.handleAsync(classified, finishOn);
    } catch (RuntimeException | Error e) {
      return Optional.of(failedOnWorker(ctx, request, e));
    } finally {
      finishOn.leave();
    }
    long bodyBytes = request.body().length;
    if (started.isDone() || !workers.admitAside(bodyBytes)) {
      return Optional.of(answerOnWorker(ctx, exchange, started));
    }
    started.whenComplete(
        (response, failure) -> {
          workers.releaseAside(bodyBytes);
          ServiceResponse answer = answerOnWorker(ctx, exchange, started);
          if (ctx.executor().inEventLoop()) {
            answer(ctx, answer, exchange);
          } else {
            ctx.executor().execute(() -> answer(ctx, answer, exchange));
          }
        });
    return Optional.empty();
  }

  /**
   * The started request's answer, once the worker has it (waiting for it if it must) or, for one
   * left to complete aside, on the event loop. The protocol renders every failure as an error
   * answer, but should anything escape it (an {@link Error}, a bug), the request is still answered
   * 500 InternalError: a worker that died with it would leave the client waiting for an answer that
   * never comes, and every request pipelined behind it too. Should even that fail, the connection
   * is closed, which the client sees at once.
   */
  private ServiceResponse answerOnWorker(
      ChannelHandlerContext ctx, Exchange exchange, CompletableFuture<ServiceResponse> started) {
    try {
      return encodedAhead(started.join(), exchange, ctx.alloc());
    } catch (RuntimeException | Error e) {
      return failedOnWorker(ctx, exchange.request(), e);
    }
  }

  /** The 500 InternalError answering a request whose handling threw {@code failure}. */
  private ServiceResponse failedOnWorker(
      ChannelHandlerContext ctx, ServiceRequest request, Throwable failure) {
    LOG.error(
        "Answering {} {} failed; answered 500 InternalError",
        request.method(),
        request.rawPath(),
        failure);
    try {
      return protocol.reject(TableErrorCode.INTERNAL_ERROR.exception(), request);
    } catch (RuntimeException | Error again) {
      ctx.close();
      throw again;
    }
  }

  /**
   * A streamed answer's beginning encoded ahead ({@link PrefetchedBody}), on the worker or, for an
   * answer that completed aside, on the event loop; or, if its body fails there, before anything
   * was sent, an ordinary 500 answer.
   */
  private ServiceResponse encodedAhead(
      ServiceResponse response, Exchange exchange, ByteBufAllocator allocator) {
    if (response.streamedBody() == null || !exchange.chunks()) {
      return response;
    }
    try {
      return PrefetchedBody.encodeAhead(response, allocator);
    } catch (IOException | RuntimeException e) {
      LOG.error("An answer's body failed before it was sent", e);
      return protocol.reject(TableErrorCode.INTERNAL_ERROR.exception(), exchange.request());
    }
  }

  /** Whether the request was started on this event loop; it is then answered when ready. */
  private boolean startedHere(
      ChannelHandlerContext ctx, Exchange exchange, ClassifiedRequest classified) {
    ServiceRequest request = exchange.request();
    // Asked first: most requests on some engines, and every query or batch, are never tried here,
    // and need not take and give back an admission for nothing.
    if (!protocol.triesWithoutWaiting(classified)) {
      return false;
    }
    long bodyBytes = request.body().length;
    if (!workers.admitAside(bodyBytes)) {
      return false;
    }
    Attempt<CompletableFuture<ServiceResponse>> started;
    try {
      started = protocol.tryHandle(classified, ctx.executor());
    } catch (RuntimeException | Error e) {
      workers.releaseAside(bodyBytes);
      throw e;
    }
    if (!(started instanceof Attempt.Answered<CompletableFuture<ServiceResponse>> answered)) {
      workers.releaseAside(bodyBytes);
      return false;
    }
    answered
        .value()
        .whenComplete(
            (response, failure) -> {
              workers.releaseAside(bodyBytes);
              ServiceResponse answer =
                  failure == null
                      ? response
                      : protocol.reject(TableErrorCode.INTERNAL_ERROR.exception(), request);
              if (ctx.executor().inEventLoop()) {
                answer(ctx, answer, exchange);
              } else {
                ctx.executor().execute(() -> answer(ctx, answer, exchange));
              }
            });
    return true;
  }

  /**
   * Writes the answer to the request in hand, on the event loop, and starts the next one. A
   * streamed answer keeps the request in hand until its last chunk is written: the next pipelined
   * answer must not start in the middle of its body.
   */
  private void answer(ChannelHandlerContext ctx, ServiceResponse response, Exchange exchange) {
    boolean keepAlive = exchange.keepAlive() && !draining;
    if (response.streamedBody() instanceof PrefetchedBody ahead && ahead.whole()) {
      // All of it fit: as it is.
      writeWhole(
          ctx,
          response,
          toHttp(response, Objects.requireNonNull(ahead.takeAhead())),
          exchange,
          keepAlive);
      answered(ctx, keepAlive);
      return;
    }
    StreamedBody streamed = response.streamedBody();
    if (streamed != null && exchange.chunks()) {
      BodyPieces pieces = new BodyPieces(streamed);
      StreamedAnswers.write(ctx, response, keepAlive, pieces)
          .addListener(
              written -> {
                telemetry.answered(
                    exchange.answered(response, pieces.progress(), written.isSuccess()));
                answered(ctx, keepAlive && written.isSuccess());
              });
      return;
    }
    // A streamed body is gathered here for HTTP/1.0.
    writeWhole(ctx, response, toHttp(response), exchange, keepAlive);
    answered(ctx, keepAlive);
  }

  /** Writes a whole answer and reports it once written, or once the write failed. */
  private void writeWhole(
      ChannelHandlerContext ctx,
      ServiceResponse response,
      FullHttpResponse http,
      Exchange exchange,
      boolean keepAlive) {
    long bytesOut = http.content().readableBytes();
    write(ctx, http, keepAlive)
        .addListener(
            written ->
                telemetry.answered(exchange.answered(response, bytesOut, written.isSuccess())));
  }

  /** The answer in hand is written (or failed, and its connection closes): on to the next. */
  private void answered(ChannelHandlerContext ctx, boolean keepAlive) {
    answering = false;
    if (counted) {
      counted = false;
      inFlight.answered();
    }
    if (draining && keepAlive) {
      // A streamed answer begun before the drain said keep-alive; the connection closes anyway.
      ctx.close();
    }
    if (!keepAlive || draining) {
      closing = true;
      waiting = null;
      return;
    }
    startWaiting(ctx);
  }

  /**
   * Starts the waiting requests in turn, as far as their answers come at once, then resumes reading
   * when none is left. A loop rather than a recursion: an answer written while a request is started
   * (a read from memory) comes back here.
   */
  private void startWaiting(ChannelHandlerContext ctx) {
    if (startingWaiting) {
      return;
    }
    startingWaiting = true;
    try {
      while (!answering && !closing && hasWaiting() && ctx.channel().isWritable()) {
        try {
          start(ctx, Objects.requireNonNull(waiting).poll()); // hasWaiting() said it is there
        } catch (RuntimeException | Error e) {
          // As a failure reading the request would: the connection closes, so that no request
          // behind this one waits for an answer that will not come.
          closing = true;
          waiting = null;
          ctx.close();
          throw e;
        }
      }
    } finally {
      startingWaiting = false;
    }
    // Reading stays paused while the client has not read its answers (the channel is unwritable):
    // a request read now would only wait.
    if (!hasWaiting() && !closing && ctx.channel().isWritable()) {
      resumeReading(ctx);
    } else if (!closing) {
      pauseReading(ctx);
    }
  }

  private boolean hasWaiting() {
    return waiting != null && !waiting.isEmpty();
  }

  private void resumeReading(ChannelHandlerContext ctx) {
    if (paused) {
      paused = false;
      ctx.channel().config().setAutoRead(true);
    }
  }

  /** Stops reading the connection until the waiting requests have been started. */
  private void pauseReading(ChannelHandlerContext ctx) {
    if (!paused) {
      paused = true;
      ctx.channel().config().setAutoRead(false);
    }
  }

  private static final byte[] NO_BODY = new byte[0];

  /** The body, copied out of Netty's buffer; most requests (every GET) have none. */
  private static byte[] bodyOf(FullHttpRequest request) {
    return request.content().isReadable() ? ByteBufUtil.getBytes(request.content()) : NO_BODY;
  }

  /** The transport-neutral view of a request; the body is copied out of Netty's buffer. */
  static ServiceRequest toServiceRequest(HttpRequest request, byte[] body) {
    return toServiceRequest(request, body, null);
  }

  /** The same, from a known client address (shared access signatures may restrict it). */
  static ServiceRequest toServiceRequest(
      HttpRequest request, byte[] body, @Nullable InetAddress peer) {
    return ServiceRequest.fromHeaderLines(
        request.method().name(), request.uri(), request.headers(), body, peer);
  }

  /** The address of the connection's peer: the client, as no proxy header is trusted. */
  private static @Nullable InetAddress peer(ChannelHandlerContext ctx) {
    return ctx.channel().remoteAddress() instanceof InetSocketAddress socket
        ? socket.getAddress()
        : null;
  }

  private static FullHttpResponse toHttp(ServiceResponse response) {
    return toHttp(response, Unpooled.wrappedBuffer(response.body()));
  }

  /** The response with {@code body} as its whole body, and its Content-Length. */
  private static FullHttpResponse toHttp(ServiceResponse response, ByteBuf body) {
    FullHttpResponse http =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(response.status()), body);
    response.headers().forEach((name, value) -> http.headers().set(name, value));
    http.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
    return http;
  }

  /** Writes a response, closing the connection afterwards unless it is kept alive. */
  private static ChannelFuture write(
      ChannelHandlerContext ctx, FullHttpResponse http, boolean keepAlive) {
    if (keepAlive) {
      HttpUtil.setKeepAlive(http, true);
      return ctx.writeAndFlush(http);
    }
    return ctx.writeAndFlush(http).addListener(ChannelFutureListener.CLOSE);
  }

  /**
   * Writes a refusal sent before the request was read whole, then closes gracefully: the output is
   * shut first and the rest of the request is read and dropped for up to {@link #LINGER}. Closing
   * at once with unread bytes in the socket makes the kernel send a reset, and the client may then
   * lose the answer before reading it.
   */
  static ChannelFuture writeAndLinger(ChannelHandlerContext ctx, ServiceResponse response) {
    FullHttpResponse http = toHttp(response);
    HttpUtil.setKeepAlive(http, false);
    return ctx.writeAndFlush(http)
        .addListener(
            (ChannelFutureListener)
                written -> {
                  if (written.isSuccess() && ctx.channel() instanceof DuplexChannel duplex) {
                    duplex.shutdownOutput();
                    ctx.executor()
                        .schedule(() -> ctx.close(), LINGER.toMillis(), TimeUnit.MILLISECONDS);
                  } else {
                    ctx.close();
                  }
                });
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    // A reset or malformed connection: nothing useful can be sent back.
    ctx.close();
    if (cause instanceof IOException
        || cause instanceof DecoderException
        || cause instanceof SSLException) {
      // The client's doing (a reset, bytes that are not HTTP or not TLS): one line, for debugging.
      LOG.debug("Connection from {} closed: {}", ctx.channel().remoteAddress(), cause.toString());
    } else {
      LOG.warn("Connection from {} closed on a failure", ctx.channel().remoteAddress(), cause);
    }
  }
}
