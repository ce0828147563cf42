package dev.tabula.protocol.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.tabula.core.FeedGroup;
import dev.tabula.model.Entity;
import java.io.IOException;
import java.util.List;

/**
 * A table's change feed as JSON (docs/extensions.md, "Change feed"): a page
 *
 * <pre>
 *   {"changes": [group...], "next": "token"}
 * </pre>
 *
 * where a group is {@code {"position": token, "time": "…Z", "partitionKey": "…", "rows":
 * [{"rowKey": "…", "kind": "insert|replace|merge|delete", "entity": {…} | null}]}} and the entity
 * is written as Query Entities writes it in minimal metadata (its etag, and the Edm type of each
 * value JSON cannot tell). A page after the table's deletion holds the one change {@code {"kind":
 * "tableDeleted"}}. Stateless.
 */
public final class ChangeFeedJson {
  private ChangeFeedJson() {}

  /** A page. */
  public static byte[] page(
      List<FeedGroup> groups, boolean tableDeleted, String next, ODataContext ctx) {
    return JsonCodec.write(
        out -> {
          out.writeStartObject();
          out.writeArrayFieldStart("changes");
          for (FeedGroup group : groups) {
            writeGroup(out, group, ctx);
          }
          if (tableDeleted) {
            writeTableDeleted(out);
          }
          out.writeEndArray();
          out.writeStringField("next", next);
          out.writeEndObject();
        });
  }

  /** One group alone, for a server-sent event. */
  public static byte[] group(FeedGroup group, ODataContext ctx) {
    return JsonCodec.write(out -> writeGroup(out, group, ctx));
  }

  /** The change that says the table is gone, alone. */
  public static byte[] tableDeleted() {
    return JsonCodec.write(ChangeFeedJson::writeTableDeleted);
  }

  private static void writeTableDeleted(JsonGenerator out) throws IOException {
    out.writeStartObject();
    out.writeStringField("kind", "tableDeleted");
    out.writeEndObject();
  }

  private static void writeGroup(JsonGenerator out, FeedGroup group, ODataContext ctx)
      throws IOException {
    out.writeStartObject();
    out.writeStringField("position", group.position().encode());
    out.writeFieldName("time");
    ValueText.dateTime(out, group.time(), ValueText.scratch());
    out.writeStringField("partitionKey", group.partitionKey());
    out.writeArrayFieldStart("rows");
    for (FeedGroup.Row row : group.rows()) {
      out.writeStartObject();
      out.writeStringField("rowKey", row.rowKey());
      out.writeStringField("kind", row.kind());
      out.writeFieldName("entity");
      Entity entity = row.entity();
      if (entity == null) {
        out.writeNull();
      } else {
        EntityJsonWriter.writeEntry(
            out, entity, ctx, MetadataLevel.MINIMAL_METADATA, Projection.of(null));
      }
      out.writeEndObject();
    }
    out.writeEndArray();
    out.writeEndObject();
  }
}
