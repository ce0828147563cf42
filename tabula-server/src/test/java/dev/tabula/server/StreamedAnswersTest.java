package dev.tabula.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.EdmValue;
import dev.tabula.model.EdmValue.EdmInt64;
import dev.tabula.model.EdmValue.EdmString;
import dev.tabula.model.Entity;
import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.protocol.http.StreamedBody;
import dev.tabula.protocol.json.EntityJsonWriter;
import dev.tabula.protocol.json.FeedStream;
import dev.tabula.protocol.json.MetadataLevel;
import dev.tabula.protocol.json.ODataContext;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.stream.ChunkedWriteHandler;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Streamed answers on the wire, through Netty's real HTTP encoder and ChunkedWriteHandler (as in
 * {@link ServerPipeline}): chunked, no Content-Length, pieces of at least {@link
 * BodyPieces#PIECE_BYTES} whose bytes put together are exactly the page's JSON, then the
 * terminating zero-length chunk; a body that fails midway closes the connection without that chunk
 * (so the client sees a broken answer, never a shorter well-formed one), logged once.
 */
class StreamedAnswersTest {
  private static final ODataContext CTX =
      new ODataContext("http://127.0.0.1:10002/devstoreaccount1", "devstoreaccount1", "big");
  private static final String REQUEST = "GET /devstoreaccount1/big() HTTP/1.1\r\nHost: x\r\n\r\n";

  @Test
  void aPage_comesInChunksOfAtLeastAPiece_whoseBytesAreThePage_thenTheLastChunk() {
    List<Entity> page = page(800);
    EmbeddedChannel channel =
        serving(new FeedStream(page, CTX, MetadataLevel.FULL_METADATA, null), true);

    Wire wire = Wire.parse(output(channel));

    assertThat(wire.head).contains("transfer-encoding: chunked").doesNotContain("content-length");
    assertThat(wire.head).startsWith("http/1.1 200 ok");
    assertThat(wire.complete).as("ends with the zero-length chunk").isTrue();
    assertThat(wire.chunks.size()).isGreaterThan(3);
    for (byte[] chunk : wire.chunks.subList(0, wire.chunks.size() - 1)) {
      assertThat(chunk.length).isBetween(BodyPieces.PIECE_BYTES, BodyPieces.PIECE_BYTES + 4096);
    }
    assertThat(new String(wire.body(), StandardCharsets.UTF_8))
        .isEqualTo(
            new String(
                EntityJsonWriter.writeFeed(page, CTX, MetadataLevel.FULL_METADATA, null),
                StandardCharsets.UTF_8));
    assertThat(channel.isOpen()).as("kept alive").isTrue();
  }

  @Test
  void aPageEncodedAheadOnTheWorker_continuesOnTheEventLoop_withTheSameBytes() throws Exception {
    List<Entity> page = page(1600); // about 1.6 MiB of JSON: more than is encoded ahead
    ServiceResponse response =
        PrefetchedBody.encodeAhead(
            new ServiceResponse(200)
                .body(
                    "application/json", new FeedStream(page, CTX, MetadataLevel.NO_METADATA, null)),
            UnpooledByteBufAllocator.DEFAULT);
    assertThat(((PrefetchedBody) response.streamedBody()).whole()).isFalse();
    EmbeddedChannel channel = serving(response.streamedBody(), true);

    Wire wire = Wire.parse(output(channel));

    assertThat(wire.complete).isTrue();
    assertThat(wire.chunks.get(0).length).isGreaterThanOrEqualTo(PrefetchedBody.AHEAD_BYTES);
    assertThat(new String(wire.body(), StandardCharsets.UTF_8))
        .isEqualTo(
            new String(
                EntityJsonWriter.writeFeed(page, CTX, MetadataLevel.NO_METADATA, null),
                StandardCharsets.UTF_8));
  }

  @Test
  void connectionClose_isSaid_andTheConnectionClosesAfterTheLastChunk() {
    EmbeddedChannel channel =
        serving(new FeedStream(page(300), CTX, MetadataLevel.MINIMAL_METADATA, null), false);

    Wire wire = Wire.parse(output(channel));

    assertThat(wire.head).contains("connection: close");
    assertThat(wire.complete).isTrue();
    assertThat(channel.isOpen()).isFalse();
  }

  @Test
  void aBodyThatFailsMidway_closesTheConnection_withoutTheLastChunk_andIsLoggedOnce() {
    PrintStream saved = System.err;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    // Logback's console appender writes to whatever System.err is at the time.
    System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      int[] calls = {0};
      StreamedBody failing =
          (out, minBytes) -> {
            if (++calls[0] > 3) {
              throw new IllegalStateException("the store failed");
            }
            out.write("x".repeat(minBytes).getBytes(StandardCharsets.US_ASCII));
            return false;
          };
      EmbeddedChannel channel = serving(failing, true);

      Wire wire = Wire.parse(output(channel));

      assertThat(wire.head).contains("transfer-encoding: chunked");
      assertThat(wire.chunks).hasSize(3);
      assertThat(wire.complete).as("no terminating chunk").isFalse();
      assertThat(channel.isOpen()).as("closed").isFalse();
      List<String> warnings =
          printed
              .toString(StandardCharsets.UTF_8)
              .lines()
              .filter(line -> line.contains(" WARN "))
              .toList();
      assertThat(warnings).hasSize(1);
      assertThat(warnings.get(0)).contains("failed midway");
      assertThat(printed.toString(StandardCharsets.UTF_8)).contains("the store failed");
    } finally {
      System.setErr(saved);
    }
  }

  /** A channel as the server's, whose one request is answered 200 with {@code body}. */
  private static EmbeddedChannel serving(StreamedBody body, boolean keepAlive) {
    EmbeddedChannel channel =
        new EmbeddedChannel(
            new HttpServerCodec(),
            new ChunkedWriteHandler(),
            new HttpObjectAggregator(1 << 16),
            new ChannelInboundHandlerAdapter() {
              @Override
              public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ((FullHttpRequest) msg).release();
                ServiceResponse response =
                    new ServiceResponse(200)
                        .header("x-ms-version", "2019-02-02")
                        .body(
                            "application/json;odata=fullmetadata;streaming=true;charset=utf-8",
                            body);
                StreamedAnswers.write(ctx, response, keepAlive);
              }
            });
    channel.writeInbound(Unpooled.copiedBuffer(REQUEST, StandardCharsets.US_ASCII));
    channel.runPendingTasks();
    return channel;
  }

  private static byte[] output(EmbeddedChannel channel) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Object msg = channel.readOutbound(); msg != null; msg = channel.readOutbound()) {
      ByteBuf bytes = (ByteBuf) msg;
      byte[] copy = new byte[bytes.readableBytes()];
      bytes.readBytes(copy);
      bytes.release();
      out.writeBytes(copy);
    }
    return out.toByteArray();
  }

  /** An answer's head (lower case) and its chunks as sent; complete when the zero chunk came. */
  private record Wire(String head, List<byte[]> chunks, boolean complete) {
    static Wire parse(byte[] wire) {
      String text = new String(wire, StandardCharsets.ISO_8859_1);
      int end = text.indexOf("\r\n\r\n");
      String head = text.substring(0, end).toLowerCase(Locale.ROOT);
      List<byte[]> chunks = new ArrayList<>();
      int at = end + 4;
      while (at < wire.length) {
        int lineEnd = text.indexOf("\r\n", at);
        int size = Integer.parseInt(text.substring(at, lineEnd), 16);
        if (size == 0) {
          return new Wire(head, chunks, text.startsWith("\r\n", lineEnd + 2));
        }
        byte[] chunk = new byte[size];
        System.arraycopy(wire, lineEnd + 2, chunk, 0, size);
        chunks.add(chunk);
        at = lineEnd + 2 + size + 2;
      }
      return new Wire(head, chunks, false);
    }

    byte[] body() {
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      chunks.forEach(body::writeBytes);
      return body.toByteArray();
    }
  }

  /** Entities of about 1 KiB of JSON each. */
  private static List<Entity> page(int size) {
    List<Entity> page = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      Map<String, EdmValue> properties = new LinkedHashMap<>();
      properties.put("Name", new EdmString("name \u00e9 \"" + i + "\" " + "x".repeat(900)));
      properties.put("Sku", new EdmInt64(4_000_000_000L + i));
      page.add(
          new Entity(
              "p", String.format("%06d", i), Instant.ofEpochSecond(1_700_000_000L), properties));
    }
    return page;
  }
}
