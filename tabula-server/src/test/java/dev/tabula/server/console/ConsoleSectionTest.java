package dev.tabula.server.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The console section on an event loop of its own ({@link EmbeddedChannel}: the test's thread is
 * the loop): reading a file from the jar is I/O, so it happens on a console thread, never on the
 * loop; a file once read is answered from memory.
 *
 * <p>Broken once, and watched red: the static answers read on the loop as they were before this
 * test (the jar was read by the test's thread).
 */
class ConsoleSectionTest {
  private static final long WAIT_MILLIS = 10_000;

  private final List<String> readers = new CopyOnWriteArrayList<>();

  @Test
  void aFileNotReadYet_isReadOffTheEventLoop_thenAnsweredFromMemory() throws Exception {
    ConsoleAssets assets =
        new ConsoleAssets(
            resource -> {
              readers.add(Thread.currentThread().getName());
              return ConsoleAssets.class.getResourceAsStream(resource);
            });
    try (ConsoleSection section = section(assets)) {
      EmbeddedChannel channel = channel(section);
      readers.clear(); // the page itself is read at start, for its Content-Security-Policy

      FullHttpResponse first = get(channel, "/console/app.js");
      assertThat(first.status().code()).isEqualTo(200);
      assertThat(readers)
          .isNotEmpty()
          .allSatisfy(name -> assertThat(name).startsWith("tabula-console-"));
      first.release();

      readers.clear();
      FullHttpResponse again = get(channel, "/console/app.js");
      assertThat(again.status().code()).isEqualTo(200);
      assertThat(readers).isEmpty();
      again.release();

      FullHttpResponse missing = get(channel, "/console/missing.js");
      assertThat(missing.status().code()).isEqualTo(404);
      assertThat(readers).allSatisfy(name -> assertThat(name).startsWith("tabula-console-"));
      missing.release();
      channel.finishAndReleaseAll();
    }
  }

  private static ConsoleSection section(ConsoleAssets assets) {
    ConsoleSettings settings =
        new ConsoleSettings(
            "test",
            "memory",
            "127.0.0.1",
            true,
            null,
            new ConsoleAccounts(() -> List.of("devstoreaccount1"), null));
    // No request here reaches the Table protocol: the static files need none.
    return ConsoleSection.create(settings, (accounts, authenticator) -> null, Map.of(), assets);
  }

  private static EmbeddedChannel channel(ConsoleSection section) {
    return new EmbeddedChannel(
        new ChannelInboundHandlerAdapter() {
          @Override
          public void channelRead(ChannelHandlerContext ctx, Object msg) {
            section.handle(ctx, (FullHttpRequest) msg);
          }
        });
  }

  /** The answer to GET {@code path}, waiting for it if another thread writes it. */
  private static FullHttpResponse get(EmbeddedChannel channel, String path) throws Exception {
    FullHttpRequest request =
        new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, path);
    // An embedded channel's address has no port: the gate then expects -1 in the Host header.
    request.headers().set(HttpHeaderNames.HOST, "127.0.0.1:-1");
    channel.writeInbound(request);
    long deadline = System.currentTimeMillis() + WAIT_MILLIS;
    while (true) {
      channel.runPendingTasks(); // a write from a console thread is a task of the loop
      FullHttpResponse answer = channel.readOutbound();
      if (answer != null) {
        return answer;
      }
      assertThat(System.currentTimeMillis())
          .as("an answer within the deadline")
          .isLessThan(deadline);
      Thread.sleep(5); // a poll under a deadline: the console thread writes when it has read
    }
  }
}
