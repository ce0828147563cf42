package dev.tabula.server;

import dev.tabula.protocol.TableProtocol;
import dev.tabula.server.telemetry.Telemetry;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.stream.ChunkedWriteHandler;
import io.netty.handler.timeout.IdleStateHandler;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The handlers of one connection, in order: TLS (HTTPS listeners only), the idle timeout, the
 * slow-request deadline, the HTTP codec with its request-line and header limits, the writer of
 * streamed (chunked) answers, which pulls their pieces as the connection takes them, the connection
 * limit, the answer to a head it could not decode, the body limit, and the exchange with the
 * protocol.
 */
final class ServerPipeline extends ChannelInitializer<SocketChannel> {
  private static final int MAX_CHUNK_BYTES = 8192;

  private final TableProtocol protocol;
  private final WorkerPool workers;
  private final ServerConfig config;
  private final ConnectionLimit connections;
  private final InFlightRequests inFlight;
  private final @Nullable Supplier<SslContext> tls;
  private final Telemetry telemetry;

  /**
   * @param connections the connection bound, shared by every listener of the server
   * @param inFlight the server's connections and requests in flight, for a graceful stop
   * @param tls the TLS context for an HTTPS listener, asked for each new connection (it changes
   *     when the certificate is renewed), or null for plain HTTP
   * @param telemetry told of every answered request
   */
  ServerPipeline(
      TableProtocol protocol,
      WorkerPool workers,
      ServerConfig config,
      ConnectionLimit connections,
      InFlightRequests inFlight,
      @Nullable Supplier<SslContext> tls,
      Telemetry telemetry) {
    this.protocol = protocol;
    this.workers = workers;
    this.config = config;
    this.connections = connections;
    this.inFlight = inFlight;
    this.tls = tls;
    this.telemetry = telemetry;
  }

  @Override
  protected void initChannel(SocketChannel channel) {
    Transport transport = config.transport();
    ChannelPipeline pipeline = channel.pipeline();
    inFlight.track(channel);
    if (tls != null) {
      pipeline.addLast(tls.get().newHandler(channel.alloc()));
    }
    RequestDeadline deadline = new RequestDeadline(transport.requestTimeout());
    pipeline
        .addLast(
            new IdleStateHandler(0, 0, transport.idleTimeout().toNanos(), TimeUnit.NANOSECONDS))
        .addLast(new IdleConnectionCloser())
        .addLast(deadline)
        .addLast(
            new HttpServerCodec(
                transport.maxUrlBytes(), transport.maxHeaderBytes(), MAX_CHUNK_BYTES))
        .addLast(new ChunkedWriteHandler())
        .addLast(new ConnectionLimitHandler(connections, protocol))
        .addLast(new MalformedRequestHandler(protocol))
        .addLast(new BodyLimitAggregator(config.maxBodyBytes(), protocol))
        .addLast(deadline.completion())
        .addLast(
            new HttpExchangeHandler(
                protocol, workers, inFlight, tls == null ? "http" : "https", telemetry));
  }
}
