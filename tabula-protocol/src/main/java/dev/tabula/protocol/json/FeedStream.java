package dev.tabula.protocol.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.tabula.model.Entity;
import dev.tabula.protocol.http.Relay;
import dev.tabula.protocol.http.StreamedBody;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Set;

/**
 * A page of Query Entities results written entity by entity as the transport asks for it, so the
 * page's JSON never exists whole: a page of 1,000 entities of 0.5 MiB would be about 0.5 GB of it
 * (issue 18). The bytes, put end to end, are exactly {@link EntityJsonWriter#writeFeed}'s: the
 * same generator writes the same calls, only flushed at entity boundaries. One Jackson generator
 * (with its 8 KB buffer) lives across the pieces, writing into whichever output the current piece
 * goes to. Not thread-safe: written by one thread at a time, as {@link StreamedBody} says.
 */
public final class FeedStream implements StreamedBody {
  private final List<Entity> entities;
  private final ODataContext ctx;
  private final MetadataLevel level;
  private final Projection projection;
  private final Relay relay = new Relay();
  private JsonGenerator out;
  private int next;
  private boolean done;

  /** The page of {@code entities}, in order, as {@link EntityJsonWriter#writeFeed} writes it. */
  public FeedStream(
      List<Entity> entities, ODataContext ctx, MetadataLevel level, Set<String> select) {
    this.entities = entities;
    this.ctx = ctx;
    this.level = level;
    this.projection = Projection.of(select);
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
        EntityJsonWriter.writeFeedStart(out, ctx, level, projection);
      }
      while (next < entities.size()) {
        EntityJsonWriter.writeEntry(out, entities.get(next++), ctx, level, projection);
        // A piece ends after an entity once it holds enough, unless only the closing brackets are
        // left: they go with the last entity rather than alone.
        if (next < entities.size() && relay.count() + out.getOutputBuffered() >= minBytes) {
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
