package dev.tabula.server.admin;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;

/**
 * A part of the admin listener served by another package under a path prefix of its own (the
 * console, under {@code /console}), so that the admin package knows nothing of what it serves.
 *
 * <p>Implementations are thread-safe: the listener's event loop calls them for every connection.
 */
public interface AdminSection {

  /** Whether this section answers {@code path} (without its query string). */
  boolean serves(String path);

  /**
   * The largest request body this section takes: the listener's own paths take 4 KiB, a section may
   * need more (the console forwards entity writes, up to the service's 4 MiB).
   */
  int maxBodyBytes();

  /**
   * Answers {@code request} on {@code ctx}, now or later from another thread. The section owns the
   * request from here: it releases it when done, writes exactly one answer and closes the
   * connection when that answer says so.
   */
  void handle(ChannelHandlerContext ctx, FullHttpRequest request);
}
