package dev.tabula.engine.rocksdb;

import dev.tabula.engine.TableInfo;
import dev.tabula.engine.codec.Wtf8;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The records of the catalog column family. The first key byte says what a record is:
 *
 * <pre>
 *   0x01                                     format version (int)
 *   0x02                                     next table id (long)
 *   0x03                                     commit-time mark (long, merged with "max")
 *   0x10 | account | 0x00 | canonical name   table: id (long) | name as created
 *   0x20 | table id (long)                   the table's stored access policies ({@link
 *                                            RocksAccessPolicies}); absent when it has none
 *   0x30 | account | 0x00 | name             an account setting, as given ({@link
 *                                            RocksAccountSettings})
 *   0x40 | table id (long)                   the table's extension settings ({@link
 *                                            dev.tabula.engine.codec.TableSettingsCodec}); absent
 *                                            when it has none
 * </pre>
 *
 * <p>Policies are keyed by table id, never reused, so a table created again under a deleted table's
 * name cannot inherit them even if a deletion left one behind.
 *
 * <p>Strings are UTF-8 ({@link Wtf8}); integers are big-endian. Table records of one account sort
 * by canonical name, which is the order {@link dev.tabula.engine.Catalog#listTables} promises.
 */
final class RocksCatalogRecords {
  /** The on-disk format this engine writes and reads; bump it when the layout changes. */
  static final int FORMAT_VERSION = 1;

  static final byte[] FORMAT_KEY = {0x01};
  static final byte[] NEXT_ID_KEY = {0x02};
  static final byte[] CLOCK_KEY = {0x03};
  private static final byte TABLE_TAG = 0x10;
  private static final byte POLICIES_TAG = 0x20;
  private static final byte SETTINGS_TAG = 0x40;

  /** The first key of any table-settings record. */
  static final byte[] SETTINGS_START = {SETTINGS_TAG};

  /** The first key after every table-settings record. */
  static final byte[] SETTINGS_END = {SETTINGS_TAG + 1};

  /** The first key of any table record. */
  static final byte[] TABLES_START = {TABLE_TAG};

  /** The first key after every table record. */
  static final byte[] TABLES_END = {TABLE_TAG + 1};

  private RocksCatalogRecords() {}

  /** The prefix of every table record of an account. */
  static byte[] accountPrefix(String account) {
    if (account.indexOf('\u0000') >= 0) {
      throw new IllegalArgumentException("an account name cannot contain U+0000");
    }
    byte[] name = Wtf8.encode(account);
    byte[] out = new byte[name.length + 2];
    out[0] = TABLE_TAG;
    System.arraycopy(name, 0, out, 1, name.length);
    out[out.length - 1] = 0x00;
    return out;
  }

  /** The first byte string after every table record of an account. */
  static byte[] accountEnd(String account) {
    byte[] out = accountPrefix(account);
    out[out.length - 1] = 0x01;
    return out;
  }

  /** The key of a table record. */
  static byte[] tableKey(String account, String canonicalName) {
    return concat(accountPrefix(account), Wtf8.encode(canonicalName));
  }

  /** The key of a table's access-policy record. */
  static byte[] policiesKey(long tableId) {
    return ByteBuffer.allocate(9).put(POLICIES_TAG).putLong(tableId).array();
  }

  /** The key of a table's extension-settings record. */
  static byte[] settingsKey(long tableId) {
    return ByteBuffer.allocate(9).put(SETTINGS_TAG).putLong(tableId).array();
  }

  /** The table id of a settings record's key. */
  static long settingsTableId(byte[] key) {
    return ByteBuffer.wrap(key, 1, 8).getLong();
  }

  static byte[] tableValue(TableInfo table) {
    return concat(longBytes(table.id()), Wtf8.encode(table.name()));
  }

  static TableInfo decodeTable(String account, byte[] value) {
    long id = ByteBuffer.wrap(value, 0, 8).getLong();
    return new TableInfo(account, Wtf8.decode(value, 8, value.length - 8), id);
  }

  static byte[] intBytes(int value) {
    return ByteBuffer.allocate(4).putInt(value).array();
  }

  static int decodeInt(byte[] value) {
    return ByteBuffer.wrap(value).getInt();
  }

  static byte[] longBytes(long value) {
    return ByteBuffer.allocate(8).putLong(value).array();
  }

  static long decodeLong(byte[] value) {
    return ByteBuffer.wrap(value).getLong();
  }

  /**
   * A commit time for the "max" merge operator, which compares bytes: flipping the sign bit makes
   * unsigned byte order equal signed order, so even ticks before 1970 merge correctly.
   */
  static byte[] clockMark(long ticks) {
    return longBytes(ticks ^ Long.MIN_VALUE);
  }

  static long decodeClockMark(byte[] value) {
    return decodeLong(value) ^ Long.MIN_VALUE;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
