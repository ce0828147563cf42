package dev.tabula.core.index;

import dev.tabula.engine.Catalog;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.TableInfo;
import dev.tabula.model.IndexDefinition;
import dev.tabula.model.TableNames;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * Builds new indexes in the background, one at a time, on a thread of its own ({@code
 * tabula-index-build}): the engine adds an entry for every stored entity ({@link
 * EntityStore#buildIndex}), then {@code onBuilt} marks the index ready. A build that fails (the
 * engine unreachable, say) is tried again after {@link #RETRY}; a table or index gone meanwhile
 * ends it quietly. An index stays {@code building} until its build succeeds, which only keeps
 * queries from using it. At start, every index still building (the server stopped during its build)
 * is built again ({@link #resume}): builds are idempotent. One per server. Thread-safe.
 */
public final class IndexBuilds implements AutoCloseable {
  /** How long a failed build waits before it is tried again. */
  static final Duration RETRY = Duration.ofSeconds(5);

  private static final int TABLE_CHUNK = 1000;

  /** What to do once an index is built: mark it ready. */
  @FunctionalInterface
  public interface OnBuilt {
    void built(String account, String table, IndexDefinition index);
  }

  /** Told of each build, on the build thread: for the server's log. */
  public interface Listener {
    /** Nothing is told. */
    Listener NONE =
        new Listener() {
          @Override
          public void started(String account, String table, IndexDefinition index) {}

          @Override
          public void built(String account, String table, IndexDefinition index, Duration took) {}

          @Override
          public void failed(
              String account, String table, IndexDefinition index, RuntimeException failure) {}
        };

    /** A build starts (again, after a failure or a restart). */
    void started(String account, String table, IndexDefinition index);

    /** A build ended; the index is marked ready next. */
    void built(String account, String table, IndexDefinition index, Duration took);

    /** A build failed; it is tried again after {@link #RETRY}. */
    void failed(String account, String table, IndexDefinition index, RuntimeException failure);
  }

  private final Catalog catalog;
  private final EntityStore store;
  private final Listener listener;
  private final ScheduledExecutorService thread =
      Executors.newSingleThreadScheduledExecutor(
          task -> {
            Thread t = new Thread(task, "tabula-index-build");
            t.setDaemon(true);
            return t;
          });
  private volatile @Nullable OnBuilt onBuilt;

  /**
   * @param listener told of each build's start, end and failure
   */
  public IndexBuilds(Catalog catalog, EntityStore store, Listener listener) {
    this.catalog = Objects.requireNonNull(catalog, "catalog");
    this.store = Objects.requireNonNull(store, "store");
    this.listener = Objects.requireNonNull(listener, "listener");
  }

  /** Says what marks a built index ready; set once, before the first build. */
  public void onBuilt(OnBuilt marker) {
    this.onBuilt = Objects.requireNonNull(marker, "marker");
  }

  /** Builds {@code index} of a table, soon. */
  public void submit(String account, String table, IndexDefinition index) {
    execute(() -> build(account, table, index));
  }

  /** Submits every index still building of the tables of {@code accounts}. */
  public void resume(Iterable<String> accounts) {
    execute(
        () -> {
          for (String account : accounts) {
            resumeAccount(account);
          }
        });
  }

  /**
   * Runs {@code task} on the build thread; once the builder is closed (the server stops), drops it:
   * the index stays {@code building} in its table's settings, and the next start builds it ({@link
   * #resume}), so a settings change during a stop is never refused for it.
   */
  private void execute(Runnable task) {
    try {
      thread.execute(task);
    } catch (RejectedExecutionException closed) {
      // built at the next start
    }
  }

  private void resumeAccount(String account) {
    @Nullable String cursor = null;
    while (true) {
      List<TableInfo> tables = catalog.listTables(account, cursor, TABLE_CHUNK + 1);
      for (TableInfo table : tables.subList(0, Math.min(tables.size(), TABLE_CHUNK))) {
        for (IndexDefinition index : table.settings().indexes()) {
          if (!index.isReady()) {
            submit(account, table.name(), index);
          }
        }
      }
      if (tables.size() <= TABLE_CHUNK) {
        return;
      }
      cursor = TableNames.canonical(tables.get(TABLE_CHUNK).name());
    }
  }

  private void build(String account, String table, IndexDefinition index) {
    try {
      TableInfo info = catalog.findTable(account, table).orElse(null);
      if (info == null || !info.settings().indexes().contains(index)) {
        return; // the table or the index is gone, or it is ready already
      }
      listener.started(account, table, index);
      long start = System.nanoTime();
      store.buildIndex(info, index);
      listener.built(account, table, index, Duration.ofNanos(System.nanoTime() - start));
      OnBuilt marker = onBuilt;
      if (marker != null) {
        marker.built(account, table, index);
      }
    } catch (RuntimeException failure) {
      listener.failed(account, table, index, failure);
      if (!thread.isShutdown()) {
        var unused =
            thread.schedule(
                () -> build(account, table, index), RETRY.toMillis(), TimeUnit.MILLISECONDS);
      }
    }
  }

  /** Stops building: a build under way is interrupted and waited for (a few seconds at most). */
  @Override
  public void close() {
    thread.shutdownNow();
    try {
      thread.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
