package dev.tabula.server;

/** The storage engines the server can run on. */
public enum EngineKind {
  /** RocksDB on local disk: the durable default. */
  ROCKSDB,
  /** Process memory only: nothing survives a restart. */
  MEMORY,
  /** An Apache Cassandra or ScyllaDB cluster that several servers can share. */
  CASSANDRA
}
