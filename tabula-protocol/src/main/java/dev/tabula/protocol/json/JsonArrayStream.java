package dev.tabula.protocol.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.tabula.protocol.http.Relay;
import dev.tabula.protocol.http.StreamedBody;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A JSON object whose "value" array is written item by item as the transport asks for it, so the
 * whole never exists at once (issue 18): the shape of a Query Entities or a Query Tables page. One
 * Jackson generator (with its 8 KB buffer) lives across the pieces, writing into whichever output
 * the current piece goes to, so the pieces put end to end are exactly what the same calls write in
 * one go. A piece ends after an item once it holds enough, except that the closing brackets go with
 * the last item rather than alone. Not thread-safe: written by one thread at a time, as {@link
 * StreamedBody} says.
 *
 * @param <T> the items of the array
 */
abstract class JsonArrayStream<T> implements StreamedBody {
  private final List<T> items;
  private final Relay relay = new Relay();
  private @Nullable JsonGenerator out;
  private int next;
  private boolean done;

  JsonArrayStream(List<T> items) {
    this.items = items;
  }

  /** Writes the object's start and its members before the array, up to the array's start. */
  abstract void writeStart(JsonGenerator out) throws IOException;

  /** Writes one item of the array. */
  abstract void writeItem(JsonGenerator out, T item) throws IOException;

  @Override
  public final boolean writeNext(OutputStream target, int minBytes) throws IOException {
    if (done) {
      throw new IllegalStateException("the page was written whole already");
    }
    relay.start(target);
    try {
      if (out == null) {
        out = JsonCodec.generator(relay);
        writeStart(out);
      }
      while (next < items.size()) {
        writeItem(out, items.get(next++));
        if (next < items.size() && relay.count() + out.getOutputBuffered() >= minBytes) {
          out.flush();
          return false;
        }
      }
      out.writeEndArray();
      out.writeEndObject();
      out.close();
      done = true;
      return true;
    } finally {
      relay.start(null);
    }
  }
}
