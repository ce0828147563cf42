package dev.tabula.engine.rocksdb;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Before the database is opened for writing, finds out whether recovering it would lose
 * acknowledged writes, by recovering it read-only and comparing where that ends with the {@link
 * RocksWalMark}.
 *
 * <p>Why this is needed: RocksDB recovers to the last consistent point of its write-ahead log
 * ({@code WALRecoveryMode.kPointInTimeRecovery}, its default) and stops at the first damaged record
 * without an error, because after a power cut the last record may be torn. It cannot tell such a
 * torn tail from a log cut in half or overwritten in the middle: it would start and serve the first
 * half. The stricter modes do not help: {@code kTolerateCorruptedTailRecords} also accepts a log
 * cut at any point (the cut looks like a torn tail) and rules out reusing logs, and {@code
 * kAbsoluteConsistency} refuses an ordinary torn tail. Only knowing how far the log had been
 * acknowledged tells them apart, which is what the mark records.
 *
 * <p>Read-only recovery replays the logs into memory and changes no file, so a refusal leaves the
 * damaged log as it was, for the operator to inspect or restore. It costs one extra replay of the
 * logs at start (at most {@code max_total_wal_size}, 256 MiB).
 */
final class RocksWalAudit {
  private static final Logger LOG = LoggerFactory.getLogger(RocksWalAudit.class);

  private RocksWalAudit() {}

  /**
   * Checks the database in {@code dir} against its mark: returns when nothing acknowledged is lost
   * (or there is no mark yet), returns the loss when {@code acceptLoss} (after logging it), and
   * throws it otherwise.
   *
   * @throws RocksWalLossException when recovery would lose acknowledged writes and the loss is not
   *     accepted
   */
  static Optional<RocksWalLossException> check(Path dir, boolean acceptLoss)
      throws RocksDBException {
    Optional<RocksWalMark> mark = RocksWalMark.read(dir);
    if (mark.isEmpty() || !Files.exists(dir.resolve("CURRENT"))) {
      return Optional.empty();
    }
    long recovered = recoverableSequence(dir);
    long acknowledged = mark.get().sequence();
    if (recovered >= acknowledged) {
      return Optional.empty();
    }
    String log = mark.get().logHolding(recovered + 1);
    RocksWalLossException loss =
        new RocksWalLossException(
            dir, log == null ? null : dir.resolve(log), recovered, acknowledged);
    if (!acceptLoss) {
      throw loss;
    }
    LOG.warn("{}. Starting anyway, as asked: those writes are gone.", loss.getMessage());
    return Optional.of(loss);
  }

  /** The last sequence number a recovery of {@code dir} reaches, found without writing. */
  static long recoverableSequence(Path dir) throws RocksDBException {
    List<byte[]> families;
    try (Options listing = new Options()) {
      families = RocksDB.listColumnFamilies(listing, dir.toString());
    }
    List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
    for (byte[] name : families) {
      // Replaying a merge without its operator fails the record, and recovery would stop there.
      ColumnFamilyOptions options = new ColumnFamilyOptions();
      if (Arrays.equals(name, RocksDatabase.CATALOG)) {
        options.setMergeOperatorName(RocksDatabase.CATALOG_MERGE);
      }
      descriptors.add(new ColumnFamilyDescriptor(name, options));
    }
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    try (DBOptions options = new DBOptions();
        RocksDB db = RocksDB.openReadOnly(options, dir.toString(), descriptors, handles)) {
      try {
        return db.getLatestSequenceNumber();
      } finally {
        handles.forEach(ColumnFamilyHandle::close);
      }
    } finally {
      descriptors.forEach(d -> d.getOptions().close());
    }
  }
}
