package dev.tabula.engine.rocksdb;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.DBOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

/**
 * One open RocksDB instance of the database directory and its column family handles, in the order
 * of the descriptors it was opened with; read-only when the disk was too full to open it for
 * writing. The options it was opened with belong to {@link RocksDatabase} and outlive it.
 */
record RocksInstance(RocksDB db, List<ColumnFamilyHandle> handles, boolean readOnly)
    implements AutoCloseable {

  static RocksInstance open(
      DBOptions options, Path dir, List<ColumnFamilyDescriptor> descriptors, boolean readOnly)
      throws RocksDBException {
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    RocksDB db =
        readOnly
            ? RocksDB.openReadOnly(options, dir.toString(), descriptors, handles)
            : RocksDB.open(options, dir.toString(), descriptors, handles);
    return new RocksInstance(db, List.copyOf(handles), readOnly);
  }

  /** Closes the handles, then the database. */
  @Override
  public void close() {
    handles.forEach(ColumnFamilyHandle::close);
    db.close();
  }
}
