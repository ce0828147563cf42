package dev.tabula.bench.baseline;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.util.Locale;

/**
 * The minimal server's network transport. By default it makes the choice Tabula's server makes
 * (native epoll where its library loads, else NIO), because a ceiling on a slower transport than
 * Tabula's own would flatter Tabula's ratio. Either can be forced, to compare like with like
 * against a server that chose otherwise.
 */
enum NettyTransport {
  EPOLL,
  NIO;

  /** {@code auto} (epoll when available), {@code epoll} or {@code nio}. */
  static NettyTransport of(String name) {
    return name.equalsIgnoreCase("auto")
        ? (Epoll.isAvailable() ? EPOLL : NIO)
        : valueOf(name.toUpperCase(Locale.ROOT));
  }

  /** A group of {@code threads} event loops; 0 means Netty's default, twice the cores. */
  EventLoopGroup group(int threads) {
    return this == EPOLL ? new EpollEventLoopGroup(threads) : new NioEventLoopGroup(threads);
  }

  /** The listening channel's class. */
  Class<? extends ServerChannel> serverChannel() {
    return this == EPOLL ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
  }

  /** {@code epoll} or {@code nio}, for the listening line. */
  String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
