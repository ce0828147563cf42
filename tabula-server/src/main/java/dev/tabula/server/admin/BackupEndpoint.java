package dev.tabula.server.admin;

import dev.tabula.engine.EngineSnapshot;
import dev.tabula.engine.SnapshotUnsupportedException;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpChunkedInput;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code POST /backup}: a point-in-time copy of the engine's files ({@link
 * dev.tabula.engine.StorageEngine#snapshot()}), streamed to the caller as a tar archive ({@link
 * BackupTarStream}) while the server goes on taking writes; the snapshot is removed when the stream
 * ends, however it ends. One backup at a time: another request meanwhile gets 409.
 *
 * <p>Answers: 200 and the archive (headers {@code X-Tabula-Engine}, {@code X-Tabula-Version},
 * {@code X-Tabula-Files}); 401 or 403 without the admin token ({@link BackupAccess}); 405 for
 * another method; 409 while a backup runs; 501 when the engine cannot copy its files (the reason
 * says what to use instead); 500 when the snapshot fails. A failure once the archive has started
 * closes the connection: the receiver sees an archive without its end.
 *
 * <p>The snapshot is taken on a thread of its own (RocksDB flushes its memtables first), never on
 * the admin event loop, which goes on answering probes.
 */
final class BackupEndpoint {
  private static final Logger LOG = LoggerFactory.getLogger(BackupEndpoint.class);

  private final Supplier<EngineSnapshot> snapshots;
  private final BackupAccess access;
  private final String version;
  private final AtomicBoolean running = new AtomicBoolean();

  /**
   * @param snapshots takes a snapshot of the engine's files
   * @param access who may take a backup
   * @param version the server's version, sent with the archive
   */
  BackupEndpoint(Supplier<EngineSnapshot> snapshots, BackupAccess access, String version) {
    this.snapshots = snapshots;
    this.access = access;
    this.version = version;
  }

  /** Answers {@code request}, which is for {@code /backup}; null when it answers by itself. */
  @Nullable AdminAnswer handle(ChannelHandlerContext ctx, FullHttpRequest request) {
    if (!request.method().name().equals("POST")) {
      return AdminAnswer.text(405, "method not allowed: use POST").withHeader("Allow", "POST");
    }
    AdminAnswer refused = access.refusal(request.headers().get(HttpHeaderNames.AUTHORIZATION));
    if (refused != null) {
      return refused;
    }
    if (!running.compareAndSet(false, true)) {
      return AdminAnswer.text(409, "conflict: a backup is already running; try again when it ends");
    }
    Thread taker = new Thread(() -> snapshotThenStream(ctx), "tabula-backup");
    taker.setDaemon(true);
    taker.start();
    return null;
  }

  private void snapshotThenStream(ChannelHandlerContext ctx) {
    long begin = System.nanoTime();
    EngineSnapshot snapshot;
    try {
      snapshot = snapshots.get();
    } catch (SnapshotUnsupportedException e) {
      running.set(false);
      AdminHandler.writeAndClose(ctx, AdminAnswer.text(501, "not implemented: " + e.getMessage()));
      return;
    } catch (RuntimeException e) {
      running.set(false);
      LOG.warn("A backup failed: the engine could not copy its files", e);
      AdminHandler.writeAndClose(
          ctx, AdminAnswer.text(500, "backup failed: " + String.valueOf(e.getMessage())));
      return;
    }
    ctx.executor().execute(() -> stream(ctx, snapshot, begin));
  }

  /** On the event loop: the archive, then the snapshot removed whatever happened. */
  private void stream(ChannelHandlerContext ctx, EngineSnapshot snapshot, long begin) {
    BackupTarStream tar = new BackupTarStream(snapshot, () -> running.set(false));
    if (!ctx.channel().isActive()) {
      tar.close(); // the caller left while the snapshot was taken
      return;
    }
    // However the connection ends (the caller going away included), the snapshot is removed.
    ctx.channel().closeFuture().addListener(closed -> tar.close());
    HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
    head.headers()
        .set(HttpHeaderNames.CONTENT_TYPE, "application/x-tar")
        .set(HttpHeaderNames.CACHE_CONTROL, "no-store")
        .set("X-Tabula-Engine", snapshot.engine())
        .set("X-Tabula-Version", version)
        .setInt("X-Tabula-Files", tar.fileCount())
        .set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
    HttpUtil.setKeepAlive(head, false);
    ctx.write(head);
    ctx.writeAndFlush(new HttpChunkedInput(tar))
        .addListener(
            (ChannelFutureListener)
                sent -> {
                  long ms = (System.nanoTime() - begin) / 1_000_000;
                  if (sent.isSuccess() && tar.complete()) {
                    LOG.info(
                        "Backup sent: {} files, {} bytes in {} ms",
                        tar.fileCount(),
                        tar.bytes(),
                        ms);
                  } else {
                    LOG.warn(
                        "Backup stopped after {} bytes in {} ms: {}",
                        tar.bytes(),
                        ms,
                        sent.cause() == null ? "the connection closed" : sent.cause().toString());
                  }
                  tar.close();
                  sent.channel().close();
                });
  }
}
