package dev.tabula.protocol.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.tabula.model.Entity;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A page of Query Entities results written entity by entity as the transport asks for it, so the
 * page's JSON never exists whole: a page of 1,000 entities of 0.5 MiB would be about 0.5 GB of it
 * (issue 18). The bytes, put end to end, are exactly {@link EntityJsonWriter#writeFeed}'s: the same
 * generator writes the same calls, only flushed at entity boundaries ({@link JsonArrayStream}).
 */
public final class FeedStream extends JsonArrayStream<Entity> {
  private final ODataContext ctx;
  private final MetadataLevel level;
  private final Projection projection;

  /** The page of {@code entities}, in order, as {@link EntityJsonWriter#writeFeed} writes it. */
  public FeedStream(
      List<Entity> entities, ODataContext ctx, MetadataLevel level, @Nullable Set<String> select) {
    super(entities);
    this.ctx = ctx;
    this.level = level;
    this.projection = Projection.of(select);
  }

  @Override
  void writeStart(JsonGenerator out) throws IOException {
    EntityJsonWriter.writeFeedStart(out, ctx, level, projection);
  }

  @Override
  void writeItem(JsonGenerator out, Entity entity) throws IOException {
    EntityJsonWriter.writeEntry(out, entity, ctx, level, projection);
  }
}
