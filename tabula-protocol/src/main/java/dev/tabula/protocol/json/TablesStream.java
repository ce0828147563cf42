package dev.tabula.protocol.json;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.List;

/**
 * A page of Query Tables results written table by table as the transport asks for it, like {@link
 * FeedStream} for entities: the bytes, put end to end, are exactly {@link
 * TableJsonWriter#writeTables}'s at every metadata level. The service streams these pages too: its
 * Query Tables answers come with {@code Transfer-Encoding: chunked} (azure-sdk-for-js recording
 * {@code sdk/tables/data-tables/recordings/node/tableserviceclient_sasconnectionstring_listtables/
 * recording_should_list_by_page.js}).
 */
public final class TablesStream extends JsonArrayStream<String> {
  private final ODataContext ctx;
  private final MetadataLevel level;

  /**
   * The page of table {@code names}, in order, as {@link TableJsonWriter#writeTables} writes it.
   */
  public TablesStream(List<String> names, ODataContext ctx, MetadataLevel level) {
    super(names);
    this.ctx = ctx;
    this.level = level;
  }

  @Override
  void writeStart(JsonGenerator out) throws IOException {
    out.writeStartObject();
    if (level != MetadataLevel.NO_METADATA) {
      out.writeStringField("odata.metadata", TableJsonWriter.metadata(ctx));
    }
    out.writeArrayFieldStart("value");
  }

  @Override
  void writeItem(JsonGenerator out, String name) throws IOException {
    out.writeStartObject();
    TableJsonWriter.writeMembers(out, name, ctx, level);
    out.writeEndObject();
  }
}
