package dev.tabula.core.ttl;

import dev.tabula.engine.Precondition;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Expiry;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TimeToLive;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A client's write as stored on a table with time-to-live: its {@value ExpiresAt#NAME} becomes the
 * internal expiry ({@link Expiry#PROPERTY}); without one, a table with a default duration gives the
 * entity {@code now + default}, on every PUT and MERGE alike, so the time-to-live counts from the
 * last write (Cosmos DB's rule, "Time to Live (TTL) in Azure Cosmos DB", learn.microsoft.com: the
 * value "is interpreted as a delta from the time that an item was last modified"). Without a
 * default, a PUT stores no expiry (it replaces the entity) and a MERGE keeps the stored one (it
 * keeps what it does not name). On a table without time-to-live the write is unchanged: {@value
 * ExpiresAt#NAME} is an ordinary property there.
 *
 * @param timeToLive the table's time-to-live settings
 */
public record ExpiryWrites(TimeToLive timeToLive) {
  public ExpiryWrites {
    Objects.requireNonNull(timeToLive, "timeToLive");
  }

  /** The expiry rules of writes to {@code table}, from its settings. */
  public static ExpiryWrites of(TableInfo table) {
    return new ExpiryWrites(table.settings().timeToLive());
  }

  /** Whether the table has time-to-live, so that {@value ExpiresAt#NAME} names the expiry. */
  public boolean enabled() {
    return timeToLive.enabled();
  }

  /**
   * The engine write for a client's write of {@code properties} as of {@code now}.
   *
   * @throws dev.tabula.model.TableException 400 InvalidInput when {@value ExpiresAt#NAME} is not an
   *     Edm.DateTime on a table with time-to-live
   */
  public Write write(
      Write.Kind kind,
      String rowKey,
      Map<String, EdmValue> properties,
      Precondition precondition,
      Instant now) {
    if (!enabled() || kind == Write.Kind.DELETE) {
      return new Write(kind, rowKey, properties, precondition);
    }
    @Nullable Instant expiry = expiryOf(properties.get(ExpiresAt.NAME), now);
    if (expiry == null && !properties.containsKey(ExpiresAt.NAME)) {
      return new Write(kind, rowKey, properties, precondition);
    }
    Map<String, EdmValue> stored = new LinkedHashMap<>(properties);
    stored.remove(ExpiresAt.NAME);
    if (expiry != null) {
      stored.put(Expiry.PROPERTY, new EdmValue.EdmDateTime(expiry));
    }
    return new Write(kind, rowKey, stored, precondition);
  }

  /** {@link #write} of an engine write built from the client's request. */
  public Write apply(Write write, Instant now) {
    return write(write.kind(), write.rowKey(), write.properties(), write.precondition(), now);
  }

  private @Nullable Instant expiryOf(@Nullable EdmValue sent, Instant now) {
    if (sent instanceof EdmValue.EdmDateTime at) {
      return at.value();
    }
    if (sent != null) {
      throw TableErrorCode.INVALID_INPUT.exception(
          "The property '"
              + ExpiresAt.NAME
              + "' holds the entity's expiry on a table with time-to-live and must be an"
              + " Edm.DateTime, not "
              + sent.type().odataName()
              + ".");
    }
    @Nullable Duration defaultDuration = timeToLive.defaultDuration();
    if (defaultDuration == null) {
      return null;
    }
    Instant due = now.plus(defaultDuration);
    return due.isAfter(EdmDateTimes.MAX) ? EdmDateTimes.MAX : due;
  }
}
