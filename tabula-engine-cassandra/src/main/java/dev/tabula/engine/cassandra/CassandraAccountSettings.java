package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.tabula.engine.AccountSettings;
import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * Account settings in {@code account_settings}: each value is one cell, so a write replaces it
 * atomically and a read sees the old or the new value. Last write wins between servers, as for the
 * service's Set Table Service Properties. Cluster failures are reported as {@link
 * CassandraFailures} says. Thread-safe.
 */
final class CassandraAccountSettings implements AccountSettings {
  private final CqlSession session;
  private final CassandraLifecycle lifecycle;
  private final PreparedStatement read;
  private final PreparedStatement write;

  CassandraAccountSettings(CqlSession session, String keyspace, CassandraLifecycle lifecycle) {
    this.session = session;
    this.lifecycle = lifecycle;
    String table = keyspace + ".account_settings";
    this.read = session.prepare("SELECT value FROM " + table + " WHERE account = ? AND name = ?");
    this.write =
        session.prepare("INSERT INTO " + table + " (account, name, value) VALUES (?, ?, ?)");
  }

  @Override
  public Optional<byte[]> read(String account, String name) {
    lifecycle.ensureOpen();
    Row row =
        CassandraFailures.guard(
            () -> session.execute(read.bind(account, name).setIdempotent(true)).one());
    return row == null ? Optional.empty() : Optional.of(CassandraRows.bytes(row.getByteBuffer(0)));
  }

  @Override
  public void write(String account, String name, byte[] value) {
    lifecycle.ensureOpen();
    try {
      session.execute(
          write.bind(account, name, ByteBuffer.wrap(value.clone())).setIdempotent(true));
    } catch (DriverException failure) {
      // A plain write that timed out may still land: not "nothing written" (ServerBusy).
      throw CassandraFailures.afterWrite(failure);
    }
  }
}
