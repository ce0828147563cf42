package dev.tabula.model;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * An entity: its key, the server-set Timestamp (null before it is stored) and its custom properties
 * in the order they were given, copied unless they are {@link ImmutableProperties}. The property
 * map never holds PartitionKey, RowKey or Timestamp; those are fields.
 */
public record Entity(
    String partitionKey,
    String rowKey,
    @Nullable Instant timestamp,
    Map<String, EdmValue> properties) {

  public Entity {
    Objects.requireNonNull(partitionKey, "partitionKey");
    Objects.requireNonNull(rowKey, "rowKey");
    properties = ImmutableProperties.copyOf(properties);
  }

  /** An entity that has not been stored yet. */
  public static Entity unsaved(
      String partitionKey, String rowKey, Map<String, EdmValue> properties) {
    return new Entity(partitionKey, rowKey, null, properties);
  }

  /** The key of this entity. */
  public EntityKey key() {
    return new EntityKey(partitionKey, rowKey);
  }

  /** The same entity as stored at the given commit time. */
  public Entity withTimestamp(Instant commitTime) {
    return new Entity(partitionKey, rowKey, commitTime, properties);
  }

  /** The weak ETag the service derives from the Timestamp; only for stored entities. */
  public ETag etag() {
    return new ETag(Objects.requireNonNull(timestamp, "an unsaved entity has no ETag"));
  }
}
