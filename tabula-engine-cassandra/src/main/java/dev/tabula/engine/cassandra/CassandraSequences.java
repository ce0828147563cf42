package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;

/**
 * Named counters in the {@code sequences} table, advanced only by compare-and-set (lightweight
 * transactions), so that servers sharing a cluster never hand out the same value twice and a value
 * never goes back. Thread-safe.
 */
final class CassandraSequences {
  private final CqlSession session;
  private final ConsistencyLevel serial;
  private final PreparedStatement select;
  private final PreparedStatement insert;
  private final PreparedStatement update;

  CassandraSequences(CqlSession session, String keyspace, ConsistencyLevel serial) {
    this.session = session;
    this.serial = serial;
    this.select = session.prepare("SELECT value FROM " + keyspace + ".sequences WHERE name = ?");
    this.insert =
        session.prepare(
            "INSERT INTO " + keyspace + ".sequences (name, value) VALUES (?, ?) IF NOT EXISTS");
    this.update =
        session.prepare(
            "UPDATE " + keyspace + ".sequences SET value = ? WHERE name = ? IF value = ?");
  }

  /** The counter's value, read linearizably; 0 when it was never set. */
  long current(String name) {
    Row row =
        session.execute(select.bind(name).setConsistencyLevel(serial).setIdempotent(true)).one();
    return row == null ? 0 : row.getLong(0);
  }

  /** Adds one and returns the new value, which no other caller ever receives. */
  long increment(String name) {
    while (true) {
      long current = current(name);
      if (compareAndSet(name, current, current + 1)) {
        return current + 1;
      }
    }
  }

  /** Raises the counter to at least {@code value}; a higher value stays. */
  void raiseTo(String name, long value) {
    while (true) {
      long current = current(name);
      if (current >= value || compareAndSet(name, current, value)) {
        return;
      }
    }
  }

  private boolean compareAndSet(String name, long expected, long value) {
    if (expected == 0) {
      // An absent row reads as 0: create it, unless a racing caller just did.
      return session.execute(insert.bind(name, value)).wasApplied();
    }
    return session.execute(update.bind(value, name, expected)).wasApplied();
  }
}
