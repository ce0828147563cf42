package dev.tabula.tools.entity;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * An entity in the service's OData JSON form, read and written with Jackson's streaming API: the
 * form of query answers, of request bodies, and of each line of a JSON Lines export.
 *
 * <p>Reading keeps each value's text as written and takes its type from its {@code @odata.type}
 * annotation (before or after the value, as services differ), or infers it as the service does: a
 * string is an Edm.String, {@code true}/{@code false} an Edm.Boolean, a number without decimal
 * point or exponent an Edm.Int32, any other number an Edm.Double. {@code odata.*} metadata is
 * skipped, nulls are "no property".
 *
 * <p>Writing annotates the types that need it ({@link EdmType#annotated()}) and writes numbers from
 * their text, so no digit is lost or added.
 */
public final class EntityJson {
  private static final String ANNOTATION = "@odata.type";

  private EntityJson() {}

  /**
   * Moves {@code parser}, before the first token of a query answer, onto the {@code START_ARRAY} of
   * its {@code value} member: the entities follow, each a {@code START_OBJECT} for {@link #read}.
   *
   * @throws IOException when the answer is not a JSON object with a value array
   */
  public static void openValues(JsonParser parser) throws IOException {
    if (parser.nextToken() != JsonToken.START_OBJECT) {
      throw new IOException("the query answer is not a JSON object");
    }
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      if ("value".equals(name) && value == JsonToken.START_ARRAY) {
        return;
      }
      parser.skipChildren();
    }
    throw new IOException("the query answer has no value array");
  }

  /**
   * Reads one entity; the parser stands on its {@code START_OBJECT} and is left on the matching
   * {@code END_OBJECT}.
   *
   * @throws MalformedEntityException when the object is not an entity (no keys, a value of the
   *     wrong JSON kind for its annotation, an unknown type)
   */
  public static TransferEntity read(JsonParser parser) throws IOException {
    if (parser.currentToken() != JsonToken.START_OBJECT) {
      throw new MalformedEntityException("an entity must be a JSON object");
    }
    Map<String, RawValue> values = new LinkedHashMap<>();
    Map<String, String> annotations = new LinkedHashMap<>();
    for (JsonToken token = parser.nextToken();
        token != JsonToken.END_OBJECT;
        token = parser.nextToken()) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      if (name.startsWith("odata.")) {
        parser.skipChildren();
      } else if (name.endsWith(ANNOTATION)) {
        annotations.put(name.substring(0, name.length() - ANNOTATION.length()), parser.getText());
      } else if (value == JsonToken.START_OBJECT || value == JsonToken.START_ARRAY) {
        throw new MalformedEntityException("property '" + name + "' is not a single value");
      } else if (value != JsonToken.VALUE_NULL) {
        values.put(name, new RawValue(value, parser.getText()));
      }
    }
    return entity(values, annotations);
  }

  private static TransferEntity entity(Map<String, RawValue> values, Map<String, String> types) {
    String partitionKey = key(values.remove("PartitionKey"), "PartitionKey");
    String rowKey = key(values.remove("RowKey"), "RowKey");
    RawValue timestamp = values.remove("Timestamp");
    List<TypedProperty> properties = new ArrayList<>(values.size());
    for (Map.Entry<String, RawValue> entry : values.entrySet()) {
      String name = entry.getKey();
      properties.add(
          new TypedProperty(
              name, type(name, entry.getValue(), types.get(name)), entry.getValue().text()));
    }
    return new TransferEntity(
        partitionKey, rowKey, timestamp == null ? null : timestamp.text(), properties);
  }

  private static String key(@Nullable RawValue value, String name) {
    if (value == null) {
      throw new MalformedEntityException("the entity has no " + name);
    }
    if (value.token() != JsonToken.VALUE_STRING) {
      throw new MalformedEntityException(name + " must be a string");
    }
    return value.text();
  }

  private static EdmType type(String name, RawValue value, @Nullable String annotation) {
    if (annotation != null) {
      EdmType type =
          EdmType.named(annotation)
              .orElseThrow(
                  () ->
                      new MalformedEntityException(
                          "property '" + name + "' has an unknown type '" + annotation + "'"));
      if (!fits(type, value.token())) {
        throw new MalformedEntityException(
            "property '" + name + "' is not a JSON value of type " + type.wireName());
      }
      return type;
    }
    return switch (value.token()) {
      case VALUE_STRING -> EdmType.STRING;
      case VALUE_TRUE, VALUE_FALSE -> EdmType.BOOLEAN;
      case VALUE_NUMBER_INT -> EdmType.INT32;
      case VALUE_NUMBER_FLOAT -> EdmType.DOUBLE;
      default -> throw new MalformedEntityException("property '" + name + "' has no value");
    };
  }

  private static boolean fits(EdmType type, JsonToken token) {
    return switch (type) {
      case BOOLEAN -> token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE;
      case INT32 -> token == JsonToken.VALUE_NUMBER_INT;
      case DOUBLE ->
          token == JsonToken.VALUE_NUMBER_INT
              || token == JsonToken.VALUE_NUMBER_FLOAT
              || token == JsonToken.VALUE_STRING;
      // Int64 as a bare number is what some clients send; keep its digits all the same.
      case INT64 -> token == JsonToken.VALUE_STRING || token == JsonToken.VALUE_NUMBER_INT;
      default -> token == JsonToken.VALUE_STRING;
    };
  }

  /**
   * Writes an entity as one JSON object: keys first, then the Timestamp when {@code withTimestamp}
   * and the entity has one, then its properties.
   */
  public static void write(JsonGenerator json, TransferEntity entity, boolean withTimestamp)
      throws IOException {
    json.writeStartObject();
    json.writeStringField("PartitionKey", entity.partitionKey());
    json.writeStringField("RowKey", entity.rowKey());
    String timestamp = entity.timestamp();
    if (withTimestamp && timestamp != null) {
      json.writeStringField("Timestamp" + ANNOTATION, EdmType.DATE_TIME.wireName());
      json.writeStringField("Timestamp", timestamp);
    }
    for (TypedProperty property : entity.properties()) {
      writeProperty(json, property);
    }
    json.writeEndObject();
  }

  private static void writeProperty(JsonGenerator json, TypedProperty property) throws IOException {
    EdmType type = property.type();
    if (type.annotated()) {
      json.writeStringField(property.name() + ANNOTATION, type.wireName());
    }
    json.writeFieldName(property.name());
    String text = property.text();
    switch (type) {
      case INT32 -> json.writeNumber(text);
      case BOOLEAN -> json.writeBoolean(Boolean.parseBoolean(text));
      case DOUBLE -> {
        if (isJsonNumber(text)) {
          json.writeNumber(text);
        } else {
          json.writeString(text);
        }
      }
      default -> json.writeString(text);
    }
  }

  /** NaN and the infinities are not JSON numbers: the service writes them as strings. */
  private static boolean isJsonNumber(String text) {
    return !text.isEmpty()
        && (Character.isDigit(text.charAt(0))
            || text.charAt(0) == '-' && text.length() > 1 && Character.isDigit(text.charAt(1)));
  }

  private record RawValue(JsonToken token, String text) {}
}
