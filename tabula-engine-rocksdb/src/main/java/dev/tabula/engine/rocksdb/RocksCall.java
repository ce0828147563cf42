package dev.tabula.engine.rocksdb;

import org.rocksdb.RocksDBException;

/** A piece of work against RocksDB, whose checked exception the caller turns unchecked. */
@FunctionalInterface
interface RocksCall<T> {
  T call() throws RocksDBException;
}
