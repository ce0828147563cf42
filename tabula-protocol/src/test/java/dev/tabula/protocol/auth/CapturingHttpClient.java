package dev.tabula.protocol.auth;

import com.azure.core.http.HttpClient;
import com.azure.core.http.HttpHeader;
import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpHeaders;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import dev.tabula.protocol.http.ServiceRequest;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * An SDK transport that records each request the official Java SDK signed and answers 404
 * ResourceNotFound, which the SDK neither retries nor needs a body schema for.
 */
final class CapturingHttpClient implements HttpClient {
  private static final byte[] NOT_FOUND =
      ("{\"odata.error\":{\"code\":\"ResourceNotFound\",\"message\":{\"lang\":\"en-US\","
              + "\"value\":\"The specified resource does not exist.\"}}}")
          .getBytes(StandardCharsets.UTF_8);

  private final List<HttpRequest> requests = new ArrayList<>();

  @Override
  public Mono<HttpResponse> send(HttpRequest request) {
    requests.add(request);
    return Mono.just(new NotFound(request));
  }

  /** The last request sent, as the server's transport would hand it to the authenticator. */
  ServiceRequest last() {
    HttpRequest request = requests.get(requests.size() - 1);
    Map<String, List<String>> headers = new LinkedHashMap<>();
    for (HttpHeader header : request.getHeaders()) {
      headers.put(header.getName(), List.of(header.getValue()));
    }
    // URL.getFile() is the path and query exactly as the client puts them on the wire.
    return new ServiceRequest(
        request.getHttpMethod().name(), request.getUrl().getFile(), headers, new byte[0]);
  }

  private static final class NotFound extends HttpResponse {
    private final HttpHeaders headers =
        new HttpHeaders()
            .set(
                HttpHeaderName.CONTENT_TYPE,
                "application/json;odata=minimalmetadata;streaming=true;charset=utf-8")
            .set(HttpHeaderName.fromString("x-ms-error-code"), "ResourceNotFound");

    NotFound(HttpRequest request) {
      super(request);
    }

    @Override
    public int getStatusCode() {
      return 404;
    }

    @Override
    @SuppressWarnings("deprecation")
    public String getHeaderValue(String name) {
      return headers.getValue(HttpHeaderName.fromString(name));
    }

    @Override
    public HttpHeaders getHeaders() {
      return headers;
    }

    @Override
    public Flux<ByteBuffer> getBody() {
      return Flux.just(ByteBuffer.wrap(NOT_FOUND));
    }

    @Override
    public Mono<byte[]> getBodyAsByteArray() {
      return Mono.just(NOT_FOUND);
    }

    @Override
    public Mono<String> getBodyAsString() {
      return Mono.just(new String(NOT_FOUND, StandardCharsets.UTF_8));
    }

    @Override
    public Mono<String> getBodyAsString(Charset charset) {
      return Mono.just(new String(NOT_FOUND, charset));
    }
  }
}
