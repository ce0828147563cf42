package dev.tabula.bench.load;

import java.nio.charset.StandardCharsets;

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
  private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyz";

  /** The alphabet's tails: {@code ALPHABET_FROM[i]} starts at its letter {@code i}. */
  private static final String[] ALPHABET_FROM = new String[ALPHABET.length()];

  static {
    for (int i = 0; i < ALPHABET.length(); i++) {
      ALPHABET_FROM[i] = ALPHABET.substring(i);
    }
  }

  public EntityShape {
    if (partitions < 1 || partitions > 1000 || rowsPerPartition < 1) {
      throw new IllegalArgumentException("partitions must be 1..1000 and rows at least 1");
    }
    if (properties < 2 || properties > 250) {
      throw new IllegalArgumentException(
          "properties must be 2..250 (the service allows 252 with the keys)");
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
    return ZeroPadded.of("p", partition, 3);
  }

  /** The RowKey of a row number. */
  public String rowKey(int row) {
    return ZeroPadded.of(row, 10);
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

  /** How many entities of the table have a Quantity ({@code number % 1000}). */
  public long countWithQuantity(int quantity) {
    long count = 0;
    for (int p = 0; p < partitions; p++) {
      for (int r = 0; r < rowsPerPartition; r++) {
        count += number(p, r) % 1000 == quantity ? 1 : 0;
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
    json.append("{\"PartitionKey\":\"")
        .append(partitionKey)
        .append("\",\"RowKey\":\"")
        .append(rowKey)
        .append('"');
    int typed = Math.min(TYPED, properties - 1);
    for (int i = 0; i < typed; i++) {
      appendTyped(json, i, g);
    }
    for (int i = TYPED + 1; i < properties; i++) {
      ZeroPadded.append(json.append(",\"Extra"), i, 2)
          .append("\":\"extra ")
          .append(g + i)
          .append('"');
    }
    json.append(",\"Description\":\"");
    appendPadding(json, Math.max(0, approxBytes - json.length() - 2), g);
    return json.append("\"}").toString().getBytes(StandardCharsets.UTF_8);
  }

  private static void appendTyped(StringBuilder json, int index, long g) {
    switch (index) {
      case 0 -> json.append(",\"Color\":\"").append(COLORS[(int) (g % COLORS.length)]).append('"');
      case 1 -> json.append(",\"Price\":").append((g % 2000) / 10.0 + 0.25);
      case 2 -> json.append(",\"Quantity\":").append(g % 1000);
      case 3 ->
          json.append(",\"Sku@odata.type\":\"Edm.Int64\",\"Sku\":\"")
              .append(4_000_000_000L + g)
              .append('"');
      case 4 -> json.append(",\"Active\":").append(g % 3 != 0);
      case 5 -> {
        json.append(",\"Created@odata.type\":\"Edm.DateTime\",\"Created\":\"2024-05-01T12:");
        ZeroPadded.append(ZeroPadded.append(json, (g / 60) % 60, 2).append(':'), g % 60, 2)
            .append(".0000000Z\"");
      }
      case 6 ->
          ZeroPadded.append(
                  json.append(",\"Id@odata.type\":\"Edm.Guid\",\"Id\":\"00000000-0000-4000-8000-"),
                  g,
                  12)
              .append('"');
      case 7 -> json.append(",\"Name\":\"Product ").append(g).append('"');
      default -> json.append(",\"Category\":\"Category ").append(g % 17).append('"');
    }
  }

  /**
   * {@code count} letters cycling from {@code a + g % 26}, appended as whole strings (a copy each)
   * rather than a character or a character range at a time.
   */
  private static void appendPadding(StringBuilder json, int count, long g) {
    int from = (int) (g % ALPHABET.length());
    int left = count;
    if (left >= ALPHABET.length() - from) {
      json.append(ALPHABET_FROM[from]);
      left -= ALPHABET.length() - from;
      for (; left >= ALPHABET.length(); left -= ALPHABET.length()) {
        json.append(ALPHABET);
      }
      from = 0;
    }
    json.append(ALPHABET_FROM[from], 0, left);
  }

  private long number(int partition, int row) {
    return (long) partition * rowsPerPartition + row;
  }
}
