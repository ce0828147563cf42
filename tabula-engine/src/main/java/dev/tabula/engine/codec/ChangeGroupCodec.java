package dev.tabula.engine.codec;

import dev.tabula.engine.ChangeGroup;
import dev.tabula.engine.RowChange;
import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.Entity;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A {@link ChangeGroup} as bytes, for engines that store their change feed: {@code version (1) |
 * commit ticks (8) | sized(utf8 PartitionKey) | varint row count | per row: kind (1) | sized(utf8
 * RowKey) | [sized(entity value of {@link EntityValueCodec})] unless a delete}. The position is the
 * engine's key, not part of the value.
 */
public final class ChangeGroupCodec {
  private static final int VERSION = 1;
  private static final RowChange.Kind[] KINDS = RowChange.Kind.values();

  private ChangeGroupCodec() {}

  public static byte[] encode(ChangeGroup group) {
    ByteWriter out = new ByteWriter(256);
    out.writeByte(VERSION);
    out.writeLong(EdmDateTimes.toTicks(group.time()));
    out.writeSized(Wtf8.encode(group.partitionKey()));
    out.writeVarint(group.rows().size());
    for (RowChange row : group.rows()) {
      out.writeByte(row.kind().ordinal());
      out.writeSized(Wtf8.encode(row.rowKey()));
      @Nullable Entity entity = row.entity();
      if (entity != null) {
        out.writeSized(EntityValueCodec.encode(group.time(), entity.properties()));
      }
    }
    return out.toByteArray();
  }

  /**
   * The group stored at {@code position}.
   *
   * @throws IllegalArgumentException when the bytes are not a group of a known version
   */
  public static ChangeGroup decode(long position, byte[] value) {
    ByteReader in = new ByteReader(value);
    if (in.readByte() != VERSION) {
      throw new IllegalArgumentException("unknown change group version");
    }
    Instant time = EdmDateTimes.fromTicks(in.readLong());
    String partitionKey = Wtf8.decode(in.readBytes(in.readLength()));
    int count = in.readVarint();
    List<RowChange> rows = new ArrayList<>(Math.min(count, 100));
    for (int i = 0; i < count; i++) {
      int kind = in.readByte();
      if (kind >= KINDS.length) {
        throw ByteReader.corrupt();
      }
      String rowKey = Wtf8.decode(in.readBytes(in.readLength()));
      @Nullable Entity entity =
          KINDS[kind] == RowChange.Kind.DELETE
              ? null
              : EntityValueCodec.decode(partitionKey, rowKey, in.readBytes(in.readLength()));
      rows.add(new RowChange(rowKey, KINDS[kind], entity));
    }
    return new ChangeGroup(position, time, partitionKey, rows);
  }
}
