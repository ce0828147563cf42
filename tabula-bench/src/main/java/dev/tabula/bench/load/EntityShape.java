package dev.tabula.bench.load;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The entities a load writes, by number: {@code partitions} partitions ({@code PartitionKey} {@code
 * p000}, {@code p001}, ...) of {@code rowsPerPartition} rows ({@code RowKey} zero-padded to ten
 * digits), each with ten custom properties of the common Edm types padded to about {@code
 * approxBytes} of JSON. Entity {@code g = partition * rowsPerPartition + row} has {@code Color}
 * {@code COLORS[g % 5]}, so exactly a fifth of a table whose size is a multiple of five is Green.
 * Deterministic, so a reader can check what it gets back. Immutable.
 *
 * <p>With {@code properties} other than ten, the first {@code properties - 1} of the typed
 * properties are kept (then {@code ExtraNN} strings when more than ten are asked for), and the
 * padding {@code Description} is always the last; {@code Color} is always there.
 *
 * @param partitions how many partitions
 * @param rowsPerPartition how many entities in each partition
 * @param approxBytes the JSON size each entity is padded to (at least its unpadded size)
 * @param properties how many custom properties each entity has, 2 to 250
 */
public record EntityShape(int partitions, int rowsPerPartition, int approxBytes, int properties) {

  /** The values of {@code Color}, cycled through by entity number. */
  public static final String[] COLORS = {"Red", "Green", "Blue", "Yellow", "Black"};

  /** The default: ten custom properties. */
  public static final int DEFAULT_PROPERTIES = 10;

  private static final int TYPED = 9;

  public EntityShape {
    if (partitions < 1 || partitions > 1000 || rowsPerPartition < 1) {
      throw new IllegalArgumentException("partitions must be 1..1000 and rows at least 1");
    }
    if (properties < 2 || properties > 250) {
      throw new IllegalArgumentException("properties must be 2..250 (the service allows 252 with the keys)");
    }
  }

  /** A shape with the default ten custom properties. */
  public EntityShape(int partitions, int rowsPerPartition, int approxBytes) {
    this(partitions, rowsPerPartition, approxBytes, DEFAULT_PROPERTIES);
  }

  /** This shape with another number of partitions (a table grown or shrunk in whole partitions). */
  public EntityShape withPartitions(int newPartitions) {
    return new EntityShape(newPartitions, rowsPerPartition, approxBytes, properties);
  }

  /** 100 partitions of {@code entities / 100} rows, about 1 KiB each: the issue-3 table. */
  public static EntityShape standard(int entities) {
    int partitions = Math.min(100, entities);
    return new EntityShape(partitions, entities / partitions, 1024);
  }

  /** How many entities the table holds. */
  public long entities() {
    return (long) partitions * rowsPerPartition;
  }

  /** The PartitionKey of a partition number. */
  public String partitionKey(int partition) {
    return String.format(Locale.ROOT, "p%03d", partition);
  }

  /** The RowKey of a row number. */
  public String rowKey(int row) {
    return String.format(Locale.ROOT, "%010d", row);
  }

  /** The Color of an entity. */
  public String color(int partition, int row) {
    return COLORS[(int) (number(partition, row) % COLORS.length)];
  }

  /** How many entities of the table have a color. */
  public long countWithColor(String color) {
    long count = 0;
    for (int p = 0; p < partitions; p++) {
      for (int r = 0; r < rowsPerPartition; r++) {
        count += color(p, r).equals(color) ? 1 : 0;
      }
    }
    return count;
  }

  /** The JSON body of an Insert Entity, as the SDKs write it (typed values annotated). */
  public byte[] json(int partition, int row) {
    return json(partitionKey(partition), rowKey(row), number(partition, row));
  }

  /**
   * The JSON body of entity number {@code g} stored under other keys (for writes that are not part
   * of a loaded table); its {@code Color} is {@code COLORS[g % 5]}.
   */
  public byte[] json(String partitionKey, String rowKey, long g) {
    StringBuilder json = new StringBuilder(approxBytes + 64);
    json.append("{\"PartitionKey\":\"").append(partitionKey)
        .append("\",\"RowKey\":\"").append(rowKey).append('"');
    int typed = Math.min(TYPED, properties - 1);
    for (int i = 0; i < typed; i++) {
      appendTyped(json, i, g);
    }
    for (int i = TYPED + 1; i < properties; i++) {
      json.append(String.format(Locale.ROOT, ",\"Extra%02d\":\"extra %d\"", i, g + i));
    }
    json.append(",\"Description\":\"");
    int padding = Math.max(0, approxBytes - json.length() - 2);
    for (int i = 0; i < padding; i++) {
      json.append((char) ('a' + (g + i) % 26));
    }
    return json.append("\"}").toString().getBytes(StandardCharsets.UTF_8);
  }

  private static void appendTyped(StringBuilder json, int index, long g) {
    switch (index) {
      case 0 -> json.append(",\"Color\":\"").append(COLORS[(int) (g % COLORS.length)]).append('"');
      case 1 -> json.append(",\"Price\":").append((g % 2000) / 10.0 + 0.25);
      case 2 -> json.append(",\"Quantity\":").append(g % 1000);
      case 3 -> json.append(",\"Sku@odata.type\":\"Edm.Int64\",\"Sku\":\"").append(4_000_000_000L + g).append('"');
      case 4 -> json.append(",\"Active\":").append(g % 3 != 0);
      case 5 -> json.append(",\"Created@odata.type\":\"Edm.DateTime\",\"Created\":\"2024-05-01T12:")
          .append(String.format(Locale.ROOT, "%02d:%02d", (g / 60) % 60, g % 60)).append(".0000000Z\"");
      case 6 -> json.append(",\"Id@odata.type\":\"Edm.Guid\",\"Id\":\"")
          .append(String.format(Locale.ROOT, "00000000-0000-4000-8000-%012d", g)).append('"');
      case 7 -> json.append(",\"Name\":\"Product ").append(g).append('"');
      default -> json.append(",\"Category\":\"Category ").append(g % 17).append('"');
    }
  }

  private long number(int partition, int row) {
    return (long) partition * rowsPerPartition + row;
  }
}
