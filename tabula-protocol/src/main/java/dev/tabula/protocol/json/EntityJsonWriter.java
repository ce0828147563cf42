package dev.tabula.protocol.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.tabula.model.EdmType;
import dev.tabula.model.EdmValue;
import dev.tabula.model.EncodedProperties;
import dev.tabula.model.Entity;
import dev.tabula.model.PropertyCursor;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Writes entities as the service does, key for key, from captures of the real service
 * (azure-sdk-for-js nock recordings 2020-22, azure-sdk-for-java session records 2023):
 *
 * <ul>
 *   <li>minimal: {@code odata.metadata}, {@code odata.etag}, PartitionKey, RowKey, Timestamp, then
 *       the properties, each non-JSON type annotated before its value. The etag is there although
 *       the documentation lists it under full metadata only; the SDKs read it.
 *   <li>full: {@code odata.metadata}, {@code odata.type}, {@code odata.id}, {@code odata.etag},
 *       {@code odata.editLink}, the keys, {@code Timestamp@odata.type}, Timestamp, the properties
 *       annotated as in minimal (Edm.String is never annotated).
 *   <li>none: the keys, Timestamp and the properties, bare.
 * </ul>
 *
 * <p>A feed is {@code {"odata.metadata":"…#table","value":[…]}} with each entry's own {@code
 * odata.metadata} left out; in no metadata it is {@code {"value":[…]}}. An entity without a
 * Timestamp (not yet stored) is written without Timestamp and etag. Stateless and thread-safe.
 */
public final class EntityJsonWriter {
  private EntityJsonWriter() {}

  /**
   * One entity, for Get Entity and the Insert echo.
   *
   * @param select the {@code $select} names in request order, or null for all; see {@link
   *     Projection} for how projections render
   */
  public static byte[] writeEntity(
      Entity entity, ODataContext ctx, MetadataLevel level, @Nullable Set<String> select) {
    Projection projection = Projection.of(select);
    return JsonCodec.write(
        out -> {
          out.writeStartObject();
          if (level != MetadataLevel.NO_METADATA) {
            out.writeStringField(
                "odata.metadata", ctx.entryMetadata() + projection.metadataSuffix());
          }
          writeMembers(out, entity, ctx, level, projection);
          out.writeEndObject();
        });
  }

  /** A page of Query Entities results, in the given order. */
  public static byte[] writeFeed(
      List<Entity> entities, ODataContext ctx, MetadataLevel level, @Nullable Set<String> select) {
    Projection projection = Projection.of(select);
    return JsonCodec.write(
        out -> {
          writeFeedStart(out, ctx, level, projection);
          for (Entity entity : entities) {
            writeEntry(out, entity, ctx, level, projection);
          }
          out.writeEndArray();
          out.writeEndObject();
        });
  }

  /** A feed up to its first entry: {@code {"odata.metadata":"…","value":[}. */
  static void writeFeedStart(
      JsonGenerator out, ODataContext ctx, MetadataLevel level, Projection projection)
      throws IOException {
    out.writeStartObject();
    if (level != MetadataLevel.NO_METADATA) {
      out.writeStringField("odata.metadata", ctx.feedMetadata() + projection.metadataSuffix());
    }
    out.writeArrayFieldStart("value");
  }

  /** One entry of a feed. */
  static void writeEntry(
      JsonGenerator out,
      Entity entity,
      ODataContext ctx,
      MetadataLevel level,
      Projection projection)
      throws IOException {
    out.writeStartObject();
    writeMembers(out, entity, ctx, level, projection);
    out.writeEndObject();
  }

  private static void writeMembers(
      JsonGenerator out,
      Entity entity,
      ODataContext ctx,
      MetadataLevel level,
      Projection projection)
      throws IOException {
    byte[] scratch = ValueText.scratch();
    writeEntryMetadata(out, entity, ctx, level, scratch);
    if (projection.includes("PartitionKey")) {
      out.writeFieldName(FieldNames.PARTITION_KEY);
      out.writeString(entity.partitionKey());
    }
    if (projection.includes("RowKey")) {
      out.writeFieldName(FieldNames.ROW_KEY);
      out.writeString(entity.rowKey());
    }
    if (entity.timestamp() != null && projection.includes("Timestamp")) {
      if (level == MetadataLevel.FULL_METADATA) {
        out.writeFieldName(FieldNames.TIMESTAMP_ANNOTATION);
        out.writeString(EdmType.DATE_TIME.odataName());
      }
      out.writeFieldName(FieldNames.TIMESTAMP);
      ValueText.dateTime(out, entity.timestamp(), scratch);
    }
    if (entity.properties() instanceof EncodedProperties encoded) {
      // Straight from the stored bytes: no map, name strings or value objects to build first.
      PropertyCursor cursor = encoded.cursor();
      while (cursor.next()) {
        EdmValueEncoder.writeCurrent(out, cursor, level, projection, scratch);
      }
    } else {
      for (Map.Entry<String, EdmValue> property : entity.properties().entrySet()) {
        if (projection.includes(property.getKey())) {
          EdmValueEncoder.write(out, property.getKey(), property.getValue(), level, scratch);
        }
      }
    }
    Set<String> selected = projection.names();
    if (selected != null) {
      writeAbsentSelected(out, entity, selected);
    }
  }

  private static void writeEntryMetadata(
      JsonGenerator out, Entity entity, ODataContext ctx, MetadataLevel level, byte[] scratch)
      throws IOException {
    boolean full = level == MetadataLevel.FULL_METADATA;
    if (full) {
      out.writeStringField("odata.type", ctx.entityType());
      out.writeStringField("odata.id", ctx.entityId(entity.partitionKey(), entity.rowKey()));
    }
    if (level != MetadataLevel.NO_METADATA && entity.timestamp() != null) {
      out.writeFieldName(FieldNames.ETAG);
      ValueText.etag(out, entity.etag(), scratch);
    }
    if (full) {
      out.writeStringField(
          "odata.editLink", ctx.entityPath(entity.partitionKey(), entity.rowKey()));
    }
  }

  /** Selected names the entity does not have come back as null, after its own properties. */
  private static void writeAbsentSelected(JsonGenerator out, Entity entity, Set<String> selected)
      throws IOException {
    for (String name : selected) {
      boolean present =
          name.equals("PartitionKey")
              || name.equals("RowKey")
              || name.equals("Timestamp") && entity.timestamp() != null
              || entity.properties().containsKey(name);
      if (!present) {
        out.writeNullField(name);
      }
    }
  }
}
