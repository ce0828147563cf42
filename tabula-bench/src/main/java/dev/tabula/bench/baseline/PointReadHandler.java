package dev.tabula.bench.baseline;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The minimal server's one handler. A GET of {@code
 * /<account>/<table>(PartitionKey='pk',RowKey='rk')} gets 200 and a small fixed entity holding
 * those two keys, in the shape of the service's answer (minimal-metadata JSON, Content-Length, a
 * weak ETag). Anything else gets 404. There is no auth and no storage, so what is left is Netty's
 * HTTP/1.1 cost per request: the ceiling issue 6 holds Tabula's point reads against. Stateless, so
 * one instance serves every channel.
 */
@ChannelHandler.Sharable
final class PointReadHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
  /**
   * What the service sends for a minimal-metadata entity (captured from it; Tabula sends the same).
   */
  static final String CONTENT_TYPE =
      "application/json;odata=minimalmetadata;streaming=true;charset=utf-8";

  /** One fixed ETag: the entity never changes, and a real server would only copy a stored one. */
  static final String ETAG = "W/\"datetime'2024-05-01T12%3A00%3A00.0000000Z'\"";

  // OData key literals double an embedded quote (O''Brien), so a key is a run of non-quotes or ''.
  private static final Pattern ENTITY =
      Pattern.compile(
          "/([^/]+)/([^/(]+)\\(PartitionKey='((?:[^']|'')*)',RowKey='((?:[^']|'')*)'\\)");

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
    FullHttpResponse response = respond(request);
    boolean keepAlive = HttpUtil.isKeepAlive(request);
    HttpUtil.setKeepAlive(response, keepAlive);
    if (keepAlive) {
      ctx.writeAndFlush(response, ctx.voidPromise());
    } else {
      ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }
  }

  /** The answer to one request. */
  static FullHttpResponse respond(HttpRequest request) {
    // path() percent-decodes without turning '+' into a space, as a path must be decoded.
    Matcher entity = ENTITY.matcher(new QueryStringDecoder(request.uri()).path());
    if (!request.method().equals(HttpMethod.GET) || !entity.matches()) {
      return answer(
          HttpResponseStatus.NOT_FOUND,
          "{\"odata.error\":{\"code\":\"ResourceNotFound\",\"message\":{\"lang\":\"en-US\","
              + "\"value\":\"The minimal server answers point reads only.\"}}}");
    }
    String host = request.headers().get(HttpHeaderNames.HOST, "127.0.0.1");
    String body =
        "{\"odata.metadata\":\"http://"
            + escape(host)
            + "/"
            + escape(entity.group(1))
            + "/$metadata#"
            + escape(entity.group(2))
            + "/@Element\",\"odata.etag\":\""
            + escape(ETAG)
            + "\",\"PartitionKey\":\""
            + escape(unquote(entity.group(3)))
            + "\",\"RowKey\":\""
            + escape(unquote(entity.group(4)))
            + "\",\"Timestamp\":\"2024-05-01T12:00:00.0000000Z\",\"Name\":\"minimal\",\"Quantity\":42}";
    FullHttpResponse response = answer(HttpResponseStatus.OK, body);
    response.headers().set(HttpHeaderNames.ETAG, ETAG);
    return response;
  }

  private static FullHttpResponse answer(HttpResponseStatus status, String json) {
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    FullHttpResponse response =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(bytes));
    response
        .headers()
        .set(HttpHeaderNames.CONTENT_TYPE, CONTENT_TYPE)
        .setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length)
        .set("x-ms-version", "2019-02-02");
    return response;
  }

  private static String unquote(String keyLiteral) {
    return keyLiteral.replace("''", "'");
  }

  /** Escapes text for a JSON string: quotes, backslashes and control characters. */
  static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length() + 8);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c < 0x20) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
