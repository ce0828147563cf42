package dev.tabula.protocol.json;

import dev.tabula.model.EdmValue;
import dev.tabula.model.ImmutableProperties;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * An entity as a client sent it, typed but not yet validated: the caller checks keys and names with
 * {@code EntityRules}. Either key is null when the body lacks it (or sends it as null); the
 * properties keep body order and never hold PartitionKey, RowKey, Timestamp, OData annotations or
 * null-valued properties (the service stores no nulls: Update treats one as omitted, Merge ignores
 * it). Immutable: the properties are an {@link ImmutableProperties}, so the entity and the write
 * made from them keep them without another copy.
 */
public record ParsedEntity(
    @Nullable String partitionKey, @Nullable String rowKey, Map<String, EdmValue> properties) {
  public ParsedEntity {
    properties = ImmutableProperties.copyOf(properties);
  }
}
