package dev.tabula.protocol.json;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.List;

/**
 * Writes table payloads: the Create Table echo (and Get Table) and a Query Tables page. Minimal:
 * {@code {"odata.metadata":"{root}/$metadata#Tables/@Element","TableName":"t"}} (captured from the
 * service in the azure-sdk-for-js recordings); full adds, before TableName, {@code odata.type}
 * ({@code {account}.Tables}), {@code odata.id} ({@code {root}/Tables('t')}) and {@code
 * odata.editLink} ({@code Tables('t')}), as in azure-storage-php's fullmetadata fixtures of service
 * responses; none is {@code {"TableName":"t"}}. Only the context's service root and account are
 * used; its table is ignored (callers pass {@code Tables}). Stateless and thread-safe.
 */
public final class TableJsonWriter {
  private static final String TABLES = "Tables";

  private TableJsonWriter() {}

  /** One table. */
  public static byte[] writeTable(String tableName, ODataContext ctx, MetadataLevel level) {
    return JsonCodec.write(
        out -> {
          out.writeStartObject();
          if (level != MetadataLevel.NO_METADATA) {
            out.writeStringField("odata.metadata", metadata(ctx) + "/@Element");
          }
          writeMembers(out, tableName, ctx, level);
          out.writeEndObject();
        });
  }

  /**
   * A page of Query Tables results, in the given order; {@link TablesStream} writes the same bytes
   * piece by piece.
   */
  public static byte[] writeTables(List<String> names, ODataContext ctx, MetadataLevel level) {
    return JsonCodec.write(
        out -> {
          out.writeStartObject();
          if (level != MetadataLevel.NO_METADATA) {
            out.writeStringField("odata.metadata", metadata(ctx));
          }
          out.writeArrayFieldStart("value");
          for (String name : names) {
            out.writeStartObject();
            writeMembers(out, name, ctx, level);
            out.writeEndObject();
          }
          out.writeEndArray();
          out.writeEndObject();
        });
  }

  static String metadata(ODataContext ctx) {
    return ctx.serviceRoot() + "/$metadata#" + TABLES;
  }

  static void writeMembers(
      JsonGenerator out, String tableName, ODataContext ctx, MetadataLevel level)
      throws IOException {
    if (level == MetadataLevel.FULL_METADATA) {
      String editLink = TABLES + "('" + ODataContext.keyLiteral(tableName) + "')";
      out.writeStringField("odata.type", ctx.account() + "." + TABLES);
      out.writeStringField("odata.id", ctx.serviceRoot() + "/" + editLink);
      out.writeStringField("odata.editLink", editLink);
    }
    out.writeStringField("TableName", tableName);
  }
}
