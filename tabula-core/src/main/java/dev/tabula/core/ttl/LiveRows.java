package dev.tabula.core.ttl;

import dev.tabula.engine.RowFilter;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.Expiry;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The one place reads hide expired entities: a {@link RowFilter} that keeps only rows whose expiry
 * ({@link Expiry}) is after a moment, around the query's own filter. Wrapping the filter the engine
 * runs, rather than dropping rows from its pages, makes a page's limit count live entities only, as
 * the service counts what it returns. On a table with time-to-live the wrapped filter also reads
 * {@value ExpiresAt#NAME} as the internal expiry, so {@code $filter} on it filters on the expiry.
 * Immutable and thread-safe.
 */
public final class LiveRows implements RowFilter {
  private final RowFilter filter;
  private final Instant now;
  private final boolean expiryNamed;
  private final @Nullable Set<String> properties;

  private LiveRows(RowFilter filter, Instant now, boolean expiryNamed) {
    this.filter = filter;
    this.now = now;
    this.expiryNamed = expiryNamed;
    this.properties = properties(filter, expiryNamed);
  }

  /**
   * {@code filter} keeping only the entities live at {@code now}.
   *
   * @param expiryNamed whether the table has time-to-live, so that {@value ExpiresAt#NAME} in the
   *     filter names the expiry (on other tables it is an ordinary property)
   */
  public static RowFilter of(RowFilter filter, Instant now, boolean expiryNamed) {
    return new LiveRows(Objects.requireNonNull(filter), Objects.requireNonNull(now), expiryNamed);
  }

  /** Whether {@code entity} is live at {@code now} (a point read's check). */
  public static boolean isLive(Entity entity, Instant now) {
    return !Expiry.isExpired(entity, now);
  }

  /**
   * The filter's declared properties plus the expiry, so an engine that decodes rows lazily decodes
   * just those (for {@link RowFilter#ALL}, the expiry alone: a pass over the row's property names,
   * not a build of its properties); null when the filter may read any.
   */
  private static @Nullable Set<String> properties(RowFilter filter, boolean expiryNamed) {
    @Nullable Set<String> declared = filter.properties();
    if (declared == null) {
      return null;
    }
    Set<String> read = new LinkedHashSet<>();
    for (String name : declared) {
      read.add(expiryNamed && name.equals(ExpiresAt.NAME) ? Expiry.PROPERTY : name);
    }
    read.add(Expiry.PROPERTY);
    return Set.copyOf(read);
  }

  @Override
  public @Nullable Set<String> properties() {
    return properties;
  }

  @Override
  public boolean test(Row row) {
    if (Expiry.isExpired(row.property(Expiry.PROPERTY), now)) {
      return false;
    }
    return filter == RowFilter.ALL || filter.test(expiryNamed ? new Renamed(row) : row);
  }

  /** A row whose {@value ExpiresAt#NAME} is its internal expiry. */
  private record Renamed(Row row) implements Row {
    @Override
    public String partitionKey() {
      return row.partitionKey();
    }

    @Override
    public String rowKey() {
      return row.rowKey();
    }

    @Override
    public @Nullable Instant timestamp() {
      return row.timestamp();
    }

    @Override
    public @Nullable EdmValue property(String name) {
      return row.property(name.equals(ExpiresAt.NAME) ? Expiry.PROPERTY : name);
    }

    @Override
    public Entity entity() {
      return ExpiresAt.shown(row.entity());
    }
  }
}
