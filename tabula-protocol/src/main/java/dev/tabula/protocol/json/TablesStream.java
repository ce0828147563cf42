package dev.tabula.protocol.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.tabula.protocol.http.Relay;
import dev.tabula.protocol.http.StreamedBody;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * A page of Query Tables results written table by table as the transport asks for it, like {@link
 * FeedStream} for entities: the bytes, put end to end, are exactly {@link
 * TableJsonWriter#writeTables}'s at every metadata level. The service streams these pages too: its
 * Query Tables answers come with {@code Transfer-Encoding: chunked} (azure-sdk-for-js recording
 * {@code sdk/tables/data-tables/recordings/node/tableserviceclient_sasconnectionstring_listtables/
 * recording_should_list_by_page.js}). Not thread-safe: written by one thread at a time.
 */
public final class TablesStream implements StreamedBody {
  private final List<String> names;
  private final ODataContext ctx;
  private final MetadataLevel level;
  private final Relay relay = new Relay();
  private JsonGenerator out;
  private int next;
  private boolean done;

  /** The page of table {@code names}, in order, as {@link TableJsonWriter#writeTables} writes it. */
  public TablesStream(List<String> names, ODataContext ctx, MetadataLevel level) {
    this.names = names;
    this.ctx = ctx;
    this.level = level;
  }

  @Override
  public boolean writeNext(OutputStream target, int minBytes) throws IOException {
    if (done) {
      throw new IllegalStateException("the page was written whole already");
    }
    relay.start(target);
    try {
      if (out == null) {
        out = JsonCodec.generator(relay);
        out.writeStartObject();
        if (level != MetadataLevel.NO_METADATA) {
          out.writeStringField("odata.metadata", TableJsonWriter.metadata(ctx));
        }
        out.writeArrayFieldStart("value");
      }
      while (next < names.size()) {
        out.writeStartObject();
        TableJsonWriter.writeMembers(out, names.get(next++), ctx, level);
        out.writeEndObject();
        // As in FeedStream: a piece ends after a table once it holds enough, and the closing
        // brackets go with the last table rather than alone.
        if (next < names.size() && relay.count() + out.getOutputBuffered() >= minBytes) {
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
