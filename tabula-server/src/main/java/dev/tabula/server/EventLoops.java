package dev.tabula.server;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;

/**
 * The network event loops: Netty's native epoll transport on Linux (x86-64 and AArch64), the JDK's
 * NIO selector elsewhere. Epoll makes fewer system calls and allocations per request than NIO,
 * which matters most to small requests on small machines, where the kernel time of the network
 * threads is a large share of each request's cost.
 */
final class EventLoops {
  private final boolean epoll;

  private EventLoops(boolean epoll) {
    this.epoll = epoll;
  }

  /** Epoll when its native library loads here, NIO otherwise. */
  static EventLoops best() {
    return new EventLoops(Epoll.isAvailable());
  }

  /** A group of {@code threads} event loops; 0 means Netty's default, twice the cores. */
  EventLoopGroup group(int threads) {
    return epoll ? new EpollEventLoopGroup(threads) : new NioEventLoopGroup(threads);
  }

  /** The listening channel's class for this transport. */
  Class<? extends ServerChannel> serverChannel() {
    return epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
  }

  /** "epoll" or "nio", for the startup line. */
  String name() {
    return epoll ? "epoll" : "nio";
  }
}
