package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.loadbalancing.NodeDistance;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import dev.tabula.engine.AccountSettings;
import dev.tabula.engine.Capability;
import dev.tabula.engine.Catalog;
import dev.tabula.engine.EngineSnapshot;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.Readiness;
import dev.tabula.engine.SnapshotUnsupportedException;
import dev.tabula.engine.StorageEngine;
import dev.tabula.engine.TableInfo;
import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.IndexDefinition;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * The storage engine on an Apache Cassandra (4.1+/5.0) or ScyllaDB cluster, so that many stateless
 * Tabula servers can share one store. Opening creates the keyspace and tables when absent and
 * migrates them ({@link CassandraSchema}); every server on the same keyspace sees the others'
 * writes at once (lightweight transactions and QUORUM reads).
 *
 * <p>Capabilities: {@link Capability#PERSISTENT}, {@link Capability#SECONDARY_INDEXES} (entries
 * written ahead of the entity and checked on read, see {@link CassandraIndexEntries}). Not {@link
 * Capability#DURABLE_ON_ACK}: a node acknowledges before its commit log is synced (Cassandra's
 * periodic mode), so durability on acknowledgement comes from replication (RF 3 with QUORUM), not
 * from one node's disk.
 *
 * <p>Thread-safe. {@link #close} closes the driver session when the engine opened it.
 */
public final class CassandraStorageEngine implements StorageEngine {
  private final CqlSession session;
  private final boolean ownsSession;
  private final CassandraLifecycle lifecycle = new CassandraLifecycle();
  private final CassandraReclaimer reclaimer;
  private final CassandraCatalog catalog;
  private final CassandraEntityStore entities;
  private final CassandraAccountSettings accountSettings;

  private CassandraStorageEngine(
      CqlSession session, boolean ownsSession, CassandraOptions options, Clock wallClock) {
    this.session = session;
    this.ownsSession = ownsSession;
    CassandraSchema.ensure(session, options);
    CassandraDurability.warnIfLossy(session, options.keyspace());
    String keyspace = options.keyspace();
    ConsistencyLevel serial = DefaultConsistencyLevel.valueOf(options.serialConsistency());
    CassandraSequences sequences = new CassandraSequences(session, keyspace, serial);
    CassandraPartitionDirectory directory = new CassandraPartitionDirectory(session, keyspace);
    CassandraCommitClock clock = new CassandraCommitClock(wallClock, sequences);
    CassandraIndexEntries indexEntries = new CassandraIndexEntries(session, keyspace);
    LongSupplier ticks = () -> EdmDateTimes.toTicks(clock.next(List.of()));
    CassandraIndexing indexing =
        new CassandraIndexing(indexEntries, new CassandraTableIndexes(), this::listsIndex, ticks);
    this.reclaimer = new CassandraReclaimer(session, keyspace, directory, indexEntries, ticks);
    this.catalog =
        new CassandraCatalog(session, keyspace, serial, lifecycle, sequences, reclaimer, indexing);
    this.entities =
        new CassandraEntityStore(
            session,
            keyspace,
            lifecycle,
            reclaimer,
            new CassandraScan(session, keyspace, directory),
            new CassandraApply(session, keyspace, serial, clock, directory, indexEntries),
            indexing);
    this.accountSettings = new CassandraAccountSettings(session, keyspace, lifecycle);
    reclaimer.resumePending();
  }

  /** Connects to the cluster and opens the engine on the options' keyspace. */
  public static CassandraStorageEngine open(CassandraOptions options) {
    return open(options, Clock.systemUTC());
  }

  /**
   * As {@link #open(CassandraOptions)}, with the driver's metrics (requests, timeouts, retries,
   * errors, connections; see {@code CassandraSessions}) on {@code registry}.
   */
  public static CassandraStorageEngine open(CassandraOptions options, MeterRegistry registry) {
    return open(options, Clock.systemUTC(), registry);
  }

  /** As {@link #open(CassandraOptions)}, with commit times from {@code wallClock}. */
  public static CassandraStorageEngine open(CassandraOptions options, Clock wallClock) {
    return open(options, wallClock, null);
  }

  private static CassandraStorageEngine open(
      CassandraOptions options, Clock wallClock, @Nullable MeterRegistry registry) {
    CqlSession session = CassandraSessions.open(options, registry);
    try {
      return new CassandraStorageEngine(session, true, options, wallClock);
    } catch (RuntimeException e) {
      session.close();
      throw e;
    }
  }

  /**
   * Opens the engine on a session the caller owns and keeps open after {@link #close}, e.g. one
   * session shared by engines on several keyspaces. Only the options' keyspace, replication and
   * serial consistency are used; the session's own settings govern the rest. Pin its protocol to v4
   * as {@link #open} does (see {@code CassandraSessions.PROTOCOL_VERSION}): on v5 a timed-out
   * lightweight transaction breaks the driver's connection.
   */
  public static CassandraStorageEngine attach(
      CqlSession session, CassandraOptions options, Clock wallClock) {
    return new CassandraStorageEngine(session, false, options, wallClock);
  }

  @Override
  public Catalog catalog() {
    return catalog;
  }

  private boolean listsIndex(TableInfo table, IndexDefinition index) {
    return catalog.listsIndex(table, index);
  }

  @Override
  public EntityStore entities() {
    return entities;
  }

  @Override
  public AccountSettings accountSettings() {
    return accountSettings;
  }

  @Override
  public Set<Capability> capabilities() {
    return EnumSet.of(Capability.PERSISTENT, Capability.SECONDARY_INDEXES);
  }

  /**
   * Ready while the driver holds an open connection to at least one node it may send requests to
   * (up, and not ignored by the load balancing policy, which ignores other data centers). The
   * driver's own view, kept current by its heartbeats (a frozen node is given up within about 6 s,
   * see {@code CassandraSessions}) and its reconnections: no query is sent per probe. A node up is
   * not a quorum: with replication factor 3, requests at QUORUM still fail with one node left, and
   * are answered 503 as they are today.
   */
  @Override
  public Readiness readiness() {
    if (lifecycle.isClosed()) {
      return Readiness.CLOSED;
    }
    for (Node node : session.getMetadata().getNodes().values()) {
      if (node.getState() == NodeState.UP
          && node.getOpenConnections() > 0
          && node.getDistance() != NodeDistance.IGNORED) {
        return Readiness.READY;
      }
    }
    return Readiness.notReady("no Cassandra node reachable");
  }

  /**
   * Never: the data lives on the cluster's nodes, which back up their own files consistently with
   * {@code nodetool snapshot}, node by node.
   */
  @Override
  public EngineSnapshot snapshot() {
    throw new SnapshotUnsupportedException(
        "the Cassandra engine's data lives on the cluster; back it up with nodetool snapshot on"
            + " each node");
  }

  @Override
  public void close() {
    if (!lifecycle.close()) {
      return;
    }
    reclaimer.close();
    if (ownsSession) {
      session.close();
    }
  }
}
