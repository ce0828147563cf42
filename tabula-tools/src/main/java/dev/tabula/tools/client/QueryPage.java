package dev.tabula.tools.client;

import java.io.IOException;
import java.io.InputStream;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.jspecify.annotations.Nullable;

/**
 * One page of a query's answer: its continuation headers now, its body as a stream. Closing it
 * before the body's end closes the connection (the rest of the page is not read to reuse it).
 */
final class QueryPage implements AutoCloseable {
  private final ClassicHttpResponse response;

  QueryPage(ClassicHttpResponse response) {
    this.response = response;
  }

  /** A header of the answer, or null. */
  @Nullable String header(String name) {
    Header header = response.getFirstHeader(name);
    return header == null ? null : header.getValue();
  }

  /** The body (empty when the answer has none). */
  InputStream body() throws IOException {
    HttpEntity entity = response.getEntity();
    return entity == null ? InputStream.nullInputStream() : entity.getContent();
  }

  @Override
  public void close() throws IOException {
    response.close();
  }
}
