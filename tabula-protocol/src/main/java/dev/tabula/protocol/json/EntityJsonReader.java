package dev.tabula.protocol.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tabula.model.EdmType;
import dev.tabula.model.EdmValue;
import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.json.JsonScalar.Kind;
import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads an entity body (Insert, Update, Merge and their upsert forms): one JSON object of
 * properties, each optionally typed by a {@code Name@odata.type} annotation that may come before or
 * after its value (the Java SDK sends both orders in one body).
 *
 * <p>Failures are {@link dev.tabula.model.TableException}s: malformed JSON, a body that is not one
 * object, an object or array as a value, an unknown type name, a value that does not read as its
 * type, a key that is not a string, or an annotation without a property are 400 {@code
 * InvalidInput}; a property or annotation given twice is 400 {@code DuplicatePropertiesSpecified};
 * a DateTime outside 1601..9999 is 400 {@code OutOfRangeInput}. Names are not validated here
 * (callers use {@code EntityRules}); a name with an {@code @} that is not an OData annotation is
 * returned as a property so that check refuses it. Stateless and thread-safe.
 */
public final class EntityJsonReader {
  private static final String PARTITION_KEY = "PartitionKey";
  private static final String ROW_KEY = "RowKey";
  private static final String TIMESTAMP = "Timestamp";
  private static final String TYPE_ANNOTATION = "odata.type";

  /** The values and annotations of one body, before typing. */
  private record Fields(Map<String, JsonScalar> values, Map<String, String> annotations) {}

  private EntityJsonReader() {}

  /** Parses and types an entity body; see the class comment for the failures. */
  public static ParsedEntity read(byte[] body) {
    Fields fields = fields(body);
    for (String annotated : fields.annotations().keySet()) {
      if (!fields.values().containsKey(annotated)) {
        // ODataLib refuses an open property that has annotations but no value.
        throw TableErrorCode.INVALID_INPUT.exception();
      }
    }
    Map<String, EdmValue> properties = new LinkedHashMap<>();
    for (Map.Entry<String, JsonScalar> field : fields.values().entrySet()) {
      String name = field.getKey();
      JsonScalar value = field.getValue();
      if (isSystem(name) || value.kind() == Kind.NULL) {
        continue;
      }
      EdmType type = type(fields.annotations().get(name));
      properties.put(name, EdmValueDecoder.decode(name, value, type));
    }
    return new ParsedEntity(key(fields, PARTITION_KEY), key(fields, ROW_KEY), properties);
  }

  private static Fields fields(byte[] body) {
    if (body == null || body.length == 0) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    Fields fields = new Fields(new LinkedHashMap<>(), new HashMap<>());
    try (JsonParser parser = JsonCodec.parser(body)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        throw TableErrorCode.INVALID_INPUT.exception();
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String name = JsonCodec.requireWellFormed(parser.currentName());
        parser.nextToken();
        field(parser, name, fields);
      }
      if (parser.nextToken() != null) {
        throw TableErrorCode.INVALID_INPUT.exception();
      }
    } catch (IOException malformed) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    return fields;
  }

  /**
   * Sorts one member into values or annotations. {@code odata.*} members (what a client echoes from
   * a fullmetadata read), {@code @…} instance annotations and {@code Name@odata.*} annotations
   * other than the type are metadata the service ignores.
   */
  private static void field(JsonParser parser, String name, Fields fields) throws IOException {
    int at = name.indexOf('@');
    if (at > 0
        && name.length() == at + 1 + TYPE_ANNOTATION.length()
        && name.startsWith(TYPE_ANNOTATION, at + 1)) {
      annotation(parser, name.substring(0, at), fields);
    } else if (name.startsWith("odata.")
        || at == 0
        || at > 0 && name.startsWith("odata.", at + 1)) {
      parser.skipChildren();
    } else if (fields.values().putIfAbsent(name, scalar(parser)) != null) {
      throw TableErrorCode.DUPLICATE_PROPERTIES_SPECIFIED.exception();
    }
  }

  private static void annotation(JsonParser parser, String property, Fields fields)
      throws IOException {
    if (parser.currentToken() != JsonToken.VALUE_STRING) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    if (fields.annotations().putIfAbsent(property, parser.getText()) != null) {
      throw TableErrorCode.DUPLICATE_PROPERTIES_SPECIFIED.exception();
    }
  }

  private static JsonScalar scalar(JsonParser parser) throws IOException {
    JsonToken token = parser.currentToken();
    Kind kind =
        switch (token) {
          case VALUE_STRING -> Kind.STRING;
          case VALUE_NUMBER_INT -> Kind.INTEGER;
          case VALUE_NUMBER_FLOAT -> Kind.DECIMAL;
          case VALUE_TRUE, VALUE_FALSE -> Kind.BOOLEAN;
          case VALUE_NULL -> Kind.NULL;
          // Table properties are primitives only; objects and arrays are not Edm types.
          default -> throw TableErrorCode.INVALID_INPUT.exception();
        };
    String text = kind == Kind.NULL ? "" : JsonCodec.requireWellFormed(parser.getText());
    return new JsonScalar(kind, text);
  }

  private static @Nullable EdmType type(@Nullable String annotation) {
    if (annotation == null) {
      return null;
    }
    EdmType type = EdmType.fromOdataName(annotation);
    if (type == null) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    return type;
  }

  /**
   * A key is a string or absent (null counts as absent, so the caller answers PropertiesNeedValue
   * as the service does, Azurite#704). Another type is 400 InvalidInput, as the service answered an
   * integer RowKey (Azure/azure-cosmos-table-python#33). Python annotates keys with Edm.String.
   */
  private static @Nullable String key(Fields fields, String name) {
    JsonScalar value = fields.values().get(name);
    if (value == null || value.kind() == Kind.NULL) {
      return null;
    }
    String annotation = fields.annotations().get(name);
    if (value.kind() != Kind.STRING
        || annotation != null && !annotation.equals(EdmType.STRING.odataName())) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    return value.text();
  }

  /** Timestamp is server-set; a client's value (and its annotation) is ignored. */
  private static boolean isSystem(String name) {
    return name.equals(PARTITION_KEY) || name.equals(ROW_KEY) || name.equals(TIMESTAMP);
  }
}
