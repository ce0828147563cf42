package dev.tabula.engine.codec;

import dev.tabula.model.IndexDefinition;
import dev.tabula.model.TableSettings;
import dev.tabula.model.TimeToLive;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A table's extension settings as the bytes engines store with the table: a format version, then
 * each setting. Durations are stored in whole milliseconds. Stateless.
 *
 * <pre>
 *   version (byte, 2)
 *   time-to-live: enabled (byte 0/1) | default in ms (long, -1 for none)
 *   change feed retention in ms (long, -1 for no feed)
 *   index count (byte), then per index: id (int) | name | property (each a length-prefixed
 *     string) | state (byte: 0 building, 1 ready)
 * </pre>
 *
 * <p>Version 1 is version 2 without the indexes; it is still read. A later version adds fields
 * after these; a reader refuses a version it does not know rather than guess, so an engine opened
 * by an older server fails loudly instead of dropping settings.
 */
public final class TableSettingsCodec {
  private static final int VERSION = 2;
  private static final int VERSION_WITHOUT_INDEXES = 1;
  private static final long NONE = -1;

  private TableSettingsCodec() {}

  /** The stored form of {@code settings}. */
  public static byte[] encode(TableSettings settings) {
    ByteWriter out = new ByteWriter(18);
    out.writeByte(VERSION);
    TimeToLive ttl = settings.timeToLive();
    out.writeByte(ttl.enabled() ? 1 : 0);
    out.writeLong(millis(ttl.defaultDuration()));
    out.writeLong(millis(settings.changeFeedRetention()));
    out.writeByte(settings.indexes().size());
    for (IndexDefinition index : settings.indexes()) {
      out.writeInt(index.id());
      out.writeSized(Wtf8.encode(index.name()));
      out.writeSized(Wtf8.encode(index.property()));
      out.writeByte(index.state().ordinal());
    }
    return out.toByteArray();
  }

  /**
   * The settings {@link #encode} stored.
   *
   * @throws IllegalArgumentException for bytes it did not write, or of a later version
   */
  public static TableSettings decode(byte[] stored) {
    ByteReader in = new ByteReader(stored);
    int version = in.readByte();
    if (version != VERSION && version != VERSION_WITHOUT_INDEXES) {
      throw new IllegalArgumentException("unknown table settings version " + version);
    }
    boolean enabled = readFlag(in);
    @Nullable Duration defaultDuration = duration(in.readLong());
    @Nullable Duration retention = duration(in.readLong());
    List<IndexDefinition> indexes = version == VERSION ? indexes(in) : List.of();
    if (!in.atEnd()) {
      throw ByteReader.corrupt();
    }
    return new TableSettings(new TimeToLive(enabled, defaultDuration), retention, indexes);
  }

  private static List<IndexDefinition> indexes(ByteReader in) {
    int count = in.readByte();
    if (count > IndexDefinition.MAX_PER_TABLE) {
      throw ByteReader.corrupt();
    }
    List<IndexDefinition> indexes = new ArrayList<>(count);
    IndexDefinition.State[] states = IndexDefinition.State.values();
    for (int i = 0; i < count; i++) {
      int id = in.readInt();
      String name = Wtf8.decode(in.readBytes(in.readLength()));
      String property = Wtf8.decode(in.readBytes(in.readLength()));
      int state = in.readByte();
      if (id <= 0 || state >= states.length) {
        throw ByteReader.corrupt();
      }
      indexes.add(new IndexDefinition(id, name, property, states[state]));
    }
    return indexes;
  }

  private static boolean readFlag(ByteReader in) {
    int flag = in.readByte();
    if (flag > 1) {
      throw ByteReader.corrupt();
    }
    return flag == 1;
  }

  private static long millis(@Nullable Duration duration) {
    return duration == null ? NONE : duration.toMillis();
  }

  private static @Nullable Duration duration(long millis) {
    if (millis == NONE) {
      return null;
    }
    if (millis <= 0) {
      throw ByteReader.corrupt();
    }
    return Duration.ofMillis(millis);
  }
}
