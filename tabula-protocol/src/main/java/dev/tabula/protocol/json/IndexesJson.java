package dev.tabula.protocol.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tabula.core.ttl.ExpiresAt;
import dev.tabula.model.EntityRules;
import dev.tabula.model.IndexDefinition;
import dev.tabula.model.TableException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The {@code indexes} member of a table's settings (docs/extensions.md, "Secondary indexes"): a
 * list of {@code {"name": n, "property": p}}, answered with each index's {@code "state"}. A request
 * may carry {@code state} too (an answer sent back), which is ignored: the server decides it.
 * Refused with 400 InvalidInput, each with a message: more than {@link
 * IndexDefinition#MAX_PER_TABLE} indexes, a name that is not a letter then up to 62 letters or
 * digits, two indexes of one name or one property, a property name the service would refuse, and
 * the properties an index cannot serve: the system properties (the keys are their own index;
 * Timestamp is the server's) and {@code TabulaExpiresAt}, which a time-to-live table stores under
 * another name. Stateless.
 */
final class IndexesJson {
  private static final String NAME = "name";
  private static final String PROPERTY = "property";
  private static final String STATE = "state";

  /** Properties no index may name. */
  private static final Set<String> UNINDEXABLE =
      Set.of("PartitionKey", "RowKey", "Timestamp", ExpiresAt.NAME);

  private IndexesJson() {}

  static void write(JsonGenerator out, List<IndexDefinition> indexes) throws IOException {
    out.writeStartArray();
    for (IndexDefinition index : indexes) {
      out.writeStartObject();
      out.writeStringField(NAME, index.name());
      out.writeStringField(PROPERTY, index.property());
      out.writeStringField(STATE, index.state().name().toLowerCase(Locale.ROOT));
      out.writeEndObject();
    }
    out.writeEndArray();
  }

  /** The indexes a request asks for, as {@linkplain IndexDefinition#requested requested} ones. */
  static List<IndexDefinition> read(JsonParser in) throws IOException {
    if (in.currentToken() == JsonToken.VALUE_NULL) {
      return List.of();
    }
    if (in.currentToken() != JsonToken.START_ARRAY) {
      throw TableSettingsJson.invalid("indexes must be a list of {name, property} objects.");
    }
    List<IndexDefinition> indexes = new ArrayList<>();
    Set<String> names = new HashSet<>();
    Set<String> properties = new HashSet<>();
    while (in.nextToken() != JsonToken.END_ARRAY) {
      IndexDefinition index = index(in);
      if (indexes.size() == IndexDefinition.MAX_PER_TABLE) {
        throw TableSettingsJson.invalid(
            "A table has at most " + IndexDefinition.MAX_PER_TABLE + " indexes.");
      }
      if (!names.add(index.name())) {
        throw TableSettingsJson.invalid("Two indexes are named '" + index.name() + "'.");
      }
      if (!properties.add(index.property())) {
        throw TableSettingsJson.invalid(
            "Two indexes are on the property '" + index.property() + "'.");
      }
      indexes.add(index);
    }
    return indexes;
  }

  private static IndexDefinition index(JsonParser in) throws IOException {
    if (in.currentToken() != JsonToken.START_OBJECT) {
      throw TableSettingsJson.invalid("Each index must be an object with name and property.");
    }
    @Nullable String name = null;
    @Nullable String property = null;
    while (in.nextToken() == JsonToken.FIELD_NAME) {
      String member = in.currentName();
      JsonToken value = in.nextToken();
      if (value != JsonToken.VALUE_STRING) {
        throw TableSettingsJson.invalid("An index's " + member + " must be a string.");
      }
      switch (member) {
        case NAME -> name = unique(name, in.getText(), NAME);
        case PROPERTY -> property = unique(property, in.getText(), PROPERTY);
        case STATE -> {
          // answered by the server; ignored in a request
        }
        default -> throw TableSettingsJson.invalid("Unknown index member '" + member + "'.");
      }
    }
    if (name == null || property == null) {
      throw TableSettingsJson.invalid("Each index must have a name and a property.");
    }
    if (!IndexDefinition.isValidName(name)) {
      throw TableSettingsJson.invalid(
          "The index name '" + name + "' must be a letter, then up to 62 letters or digits.");
    }
    checkProperty(property);
    return IndexDefinition.requested(name, property);
  }

  private static String unique(@Nullable String earlier, String value, String member) {
    if (earlier != null) {
      throw TableSettingsJson.invalid("An index's " + member + " appears twice.");
    }
    return value;
  }

  private static void checkProperty(String property) {
    if (UNINDEXABLE.contains(property)) {
      throw TableSettingsJson.invalid("The property '" + property + "' cannot be indexed.");
    }
    try {
      EntityRules.checkPropertyName(property);
    } catch (TableException e) {
      throw TableSettingsJson.invalid("'" + property + "' is not a valid property name.");
    }
  }
}
