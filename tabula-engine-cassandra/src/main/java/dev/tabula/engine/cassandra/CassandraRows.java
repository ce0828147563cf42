package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.cql.Row;
import dev.tabula.engine.codec.EntityValueCodec;
import dev.tabula.model.Entity;
import java.nio.ByteBuffer;

/** Turns rows of the {@code entities} table into entities. */
final class CassandraRows {
  private CassandraRows() {}

  /** The entity of a row selected as {@code rk, value}. */
  static Entity entity(String partitionKey, Row row) {
    return EntityValueCodec.decode(partitionKey, row.getString(0), bytes(row.getByteBuffer(1)));
  }

  static byte[] bytes(ByteBuffer buffer) {
    ByteBuffer copy = buffer.duplicate();
    byte[] bytes = new byte[copy.remaining()];
    copy.get(bytes);
    return bytes;
  }
}
