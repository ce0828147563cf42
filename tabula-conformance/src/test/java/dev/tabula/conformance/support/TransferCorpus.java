package dev.tabula.conformance.support;

import com.azure.data.tables.models.TableEntity;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The entities a transfer must carry without loss: 10,000+ entities over partitions of many sizes
 * (1, 7, 99, 100, 101, 250, 1,000, 2,500 and more, so that batches of 100 end inside, at and just
 * past a partition's end), property sets that differ from entity to entity (one name holding
 * different types in different entities too), every Edm type at its edge values, large values that
 * no batch of 100 can carry under the service's 4 MiB limit, and keys with every kind of allowed
 * character. Deterministic: the same entities every run.
 *
 * <p>Two flavours: the full corpus for Tabula, and {@link #forAzurite()}, which leaves out what
 * Azurite cannot store as Azure does (each left-out value says why), so that the comparison of a
 * copy from Azurite stays exact.
 */
public final class TransferCorpus {
  /** The partition with the edge values of every Edm type. */
  public static final String EDGES = "edges";

  /** The partition whose row keys are the special keys. */
  public static final String KEYS = "keys";

  /** Partition sizes that put batch boundaries inside, at and just past a partition's end. */
  private static final int[] PARTITION_SIZES = {1, 7, 99, 100, 101, 250, 1000, 2500, 3000};

  /** Small partitions after the sized ones, until the corpus holds this many regular entities. */
  private static final int REGULAR_ENTITIES = 10_000;

  /** Entities with a 64 KiB binary and a 32K-character string: about 4.8 MB in one partition. */
  private static final int HEAVY_ENTITIES = 40;

  /** The longest key Azure takes ("up to 1 KiB", learn.microsoft.com, Table service data model). */
  private static final int TABULA_KEY_LENGTH = 1024;

  /**
   * Azurite refuses keys over 512 characters with 400 InvalidInput: its TableHandler.validateKey
   * compares against DEFAULT_KEY_MAX_LENGTH = 512 (src/table/utils/constants.ts, "although a little
   * arbitrary ... choosing a shorter length"), checked against Azurite 3.37.0.
   */
  private static final int AZURITE_KEY_LENGTH = 512;

  private final boolean azurite;

  private TransferCorpus(boolean azurite) {
    this.azurite = azurite;
  }

  /** Everything, for Tabula (and Azure). */
  public static List<TableEntity> forTabula() {
    return new TransferCorpus(false).entities();
  }

  /**
   * The corpus less what Azurite 3.37.0 cannot store as Azure does: keys over 512 characters
   * (above), whole Doubles without a type annotation (below: they are annotated) and the Double
   * -0.0, which Azurite renders as {@code 0.0}: EdmDouble's toJsonPropertyValueString writes a
   * whole number with JavaScript's toFixed(1), and {@code (-0).toFixed(1)} is {@code "0.0"}
   * (src/table/entity/EdmDouble.ts; a raw read of an entity written with {@code -0.0} answers
   * {@code 0.0}).
   */
  public static List<TableEntity> forAzurite() {
    return new TransferCorpus(true).entities();
  }

  /**
   * The entities in the service's listing order: by PartitionKey, then RowKey, each compared as
   * strings. (The corpus's keys sort the same by UTF-16 unit and by code point: it has no character
   * between U+E000 and U+FFFF, where the two orders part.)
   */
  public static List<TableEntity> sorted(List<TableEntity> entities) {
    return entities.stream()
        .sorted(
            Comparator.comparing(TableEntity::getPartitionKey)
                .thenComparing(TableEntity::getRowKey))
        .toList();
  }

  private List<TableEntity> entities() {
    List<TableEntity> all = new ArrayList<>();
    int index = 0;
    int partition = 0;
    while (index < REGULAR_ENTITIES) {
      int size =
          partition < PARTITION_SIZES.length
              ? PARTITION_SIZES[partition]
              : Math.min(1 + (partition * 37) % 90, REGULAR_ENTITIES - index);
      String pk = String.format("p%03d-size%d", partition, size);
      for (int row = 0; row < size; row++) {
        all.add(regular(pk, String.format("r%05d", row), index++));
      }
      partition++;
    }
    all.addAll(edges());
    all.addAll(heavy());
    all.addAll(specialKeys());
    if (azurite) {
      all.forEach(TransferCorpus::annotateDoubles);
    }
    return all;
  }

  /**
   * Azurite stores a whole-valued Double written without a type (the Java SDK writes 5.0 as the
   * JSON number 5.0, unannotated, as Azure takes it) as an Int32 (Azure/Azurite#1366, open; seen
   * with 3.37.0): its corpus types every Double explicitly, a form Azurite keeps.
   */
  private static void annotateDoubles(TableEntity entity) {
    List<String> doubles =
        entity.getProperties().entrySet().stream()
            .filter(p -> p.getValue() instanceof Double)
            .map(Map.Entry::getKey)
            .toList();
    doubles.forEach(name -> entity.addProperty(name + "@odata.type", "Edm.Double"));
  }

  /** An ordinary entity whose properties depend on its index: no two neighbours alike. */
  private static TableEntity regular(String pk, String rk, int i) {
    TableEntity e = new TableEntity(pk, rk).addProperty("Name", "name-" + i);
    if (i % 2 == 0) {
      e.addProperty("Count", i);
    }
    if (i % 3 == 0) {
      e.addProperty("Big", i * 1_000_003L);
    }
    if (i % 5 == 0) {
      e.addProperty("Ratio", i / 7.0);
    }
    if (i % 7 == 0) {
      e.addProperty(
          "When", OffsetDateTime.of(2020, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC).plusSeconds(i));
    }
    if (i % 11 == 0) {
      e.addProperty("Id", UUID.nameUUIDFromBytes(rk.getBytes(StandardCharsets.UTF_8)));
    }
    if (i % 4 == 1) {
      e.addProperty("Flag", i % 8 == 1);
    }
    if (i % 13 == 0) {
      e.addProperty("Blob", bytes(i % 50, i));
    }
    if (i % 17 == 0) {
      e.addProperty("Text", "line one\nline two, \"quoted\"\ttab; ünï 😀 #" + i);
    }
    if (i % 19 == 0) {
      e.addProperty("Extra" + (i % 30), i);
    }
    // One name, different types in different entities (a CSV column cannot have one type).
    switch (i % 23) {
      case 0 -> e.addProperty("Mixed", "text " + i);
      case 1 -> e.addProperty("Mixed", (long) i);
      case 2 -> e.addProperty("Mixed", i + 0.5);
      case 3 -> e.addProperty("Mixed", i % 2 == 0);
      default -> {
        // Most entities lack it.
      }
    }
    return e;
  }

  private TableEntity doubles() {
    TableEntity doubles =
        new TableEntity(EDGES, "double")
            .addProperty("Whole", 5.0)
            .addProperty("WholeAnnotated", 5.0)
            .addProperty("WholeAnnotated@odata.type", "Edm.Double")
            .addProperty("Tiny", 1e-300)
            .addProperty("Subnormal", Double.MIN_VALUE)
            .addProperty("Max", Double.MAX_VALUE)
            .addProperty("Negative", -123.456)
            .addProperty("Zero", 0.0)
            // The Java SDK writes NaN and the infinities as JSON strings without a type: an
            // application that stores them annotates them (as the service documents).
            .addProperty("NaN", Double.NaN)
            .addProperty("NaN@odata.type", "Edm.Double")
            .addProperty("PosInf", Double.POSITIVE_INFINITY)
            .addProperty("PosInf@odata.type", "Edm.Double")
            .addProperty("NegInf", Double.NEGATIVE_INFINITY)
            .addProperty("NegInf@odata.type", "Edm.Double");
    if (!azurite) {
      doubles.addProperty("NegZero", -0.0).addProperty("NegZero@odata.type", "Edm.Double");
    }
    return doubles;
  }

  private List<TableEntity> edges() {
    List<TableEntity> edges = new ArrayList<>();
    edges.add(doubles());
    edges.add(
        new TableEntity(EDGES, "integer")
            .addProperty("Int32Min", Integer.MIN_VALUE)
            .addProperty("Int32Max", Integer.MAX_VALUE)
            .addProperty("Int32Zero", 0)
            .addProperty("Int64Min", Long.MIN_VALUE)
            .addProperty("Int64Max", Long.MAX_VALUE)
            .addProperty("Int64Small", 1L));
    edges.add(
        new TableEntity(EDGES, "datetime")
            .addProperty("First", OffsetDateTime.of(1601, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC))
            .addProperty(
                "Last", OffsetDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_900, ZoneOffset.UTC))
            .addProperty(
                "Seven", OffsetDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_700, ZoneOffset.UTC))
            .addProperty("Whole", OffsetDateTime.of(2020, 9, 17, 0, 0, 0, 0, ZoneOffset.UTC)));
    edges.add(
        new TableEntity(EDGES, "guid-binary-boolean")
            .addProperty("Guid", UUID.fromString("01234567-89ab-cdef-0123-456789abcdef"))
            .addProperty("GuidZero", new UUID(0, 0))
            .addProperty("BinaryEmpty", new byte[0])
            .addProperty("Binary64K", bytes(64 * 1024, 7))
            .addProperty("True", true)
            .addProperty("False", false));
    edges.add(
        new TableEntity(EDGES, "string")
            .addProperty("Empty", "")
            .addProperty("Long", longString())
            .addProperty("Newlines", "a\nb\r\nc\rd\n")
            .addProperty("Quotes", "\"double\" 'single' \"\"")
            .addProperty("Commas", "a,b,,c,")
            .addProperty("Tabs", "\ta\tb\t")
            .addProperty("Unicode", "ünïcødé 日本語 Ελληνικά עברית")
            .addProperty("Surrogates", "😀🎉 𝄞 𠀋")
            .addProperty("LooksTyped", "123")
            .addProperty("LooksNull", "null")
            .addProperty("Spaces", "  leading and trailing  "));
    return edges;
  }

  /** Entities too large for 100 to a batch: an import or copy must split batches by size. */
  private static List<TableEntity> heavy() {
    List<TableEntity> heavy = new ArrayList<>();
    for (int i = 0; i < HEAVY_ENTITIES; i++) {
      heavy.add(
          new TableEntity("heavy", String.format("h%02d", i))
              .addProperty("Bytes", bytes(64 * 1024, i))
              .addProperty("Text", longString())
              .addProperty("N", i));
    }
    return heavy;
  }

  private List<TableEntity> specialKeys() {
    int longest = azurite ? AZURITE_KEY_LENGTH : TABULA_KEY_LENGTH;
    List<String> keys =
        List.of(
            "it's",
            "''",
            "100%",
            "%41",
            "a+b",
            "with space",
            " ",
            "a&b=c",
            "(paren),comma",
            "~!@*;:$",
            "ünïcødé 日本語",
            "😀 emoji 🎉",
            "k".repeat(longest),
            "😀".repeat(longest / 2),
            "é".repeat(longest));
    List<TableEntity> special = new ArrayList<>();
    int n = 0;
    for (String key : keys) {
      special.add(new TableEntity(KEYS, key).addProperty("N", n));
      special.add(new TableEntity(key, "row").addProperty("N", n));
      special.add(new TableEntity(key, key).addProperty("N", n));
      n++;
    }
    // Empty keys: the service takes an empty RowKey and an empty PartitionKey (Tabula's
    // EntityKeysContract; Azurite takes both too).
    special.add(new TableEntity(KEYS, "").addProperty("N", n));
    special.add(new TableEntity("", "").addProperty("N", n));
    special.add(new TableEntity("", "row").addProperty("N", n));
    return special;
  }

  /** 32K UTF-16 characters, the longest string: mostly ASCII, a surrogate pair at the end. */
  private static String longString() {
    return "s".repeat(32 * 1024 - 2) + "😀";
  }

  private static byte[] bytes(int length, int seed) {
    byte[] bytes = new byte[length];
    for (int i = 0; i < length; i++) {
      bytes[i] = (byte) (i * 31 + seed);
    }
    return bytes;
  }
}
