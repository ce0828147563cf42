package dev.tabula.engine.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.engine.KeyBound;
import dev.tabula.model.EntityKey;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** The byte order of RocksDB keys and bounds is the SPI's key order. */
class RocksKeyCodecProperties {
  private static final long TABLE = 42;

  @Property(tries = 2000)
  void keyBytes_sortLikeEntityKeys(@ForAll("keys") EntityKey a, @ForAll("keys") EntityKey b) {
    int bytes = compare(RocksKeys.entityKey(TABLE, a), RocksKeys.entityKey(TABLE, b));

    assertThat(Integer.signum(bytes)).isEqualTo(Integer.signum(a.compareTo(b)));
  }

  @Property
  void decode_returnsTheEncodedKey(@ForAll("keys") EntityKey key) {
    assertThat(RocksKeys.decode(RocksKeys.entityKey(TABLE, key))).isEqualTo(key);
  }

  @Property
  void keysOfLowerTableIds_sortFirst(
      @ForAll @LongRange(min = 1, max = Long.MAX_VALUE - 1) long tableA,
      @ForAll @LongRange(min = 1, max = Long.MAX_VALUE - 1) long tableB,
      @ForAll("keys") EntityKey a,
      @ForAll("keys") EntityKey b) {
    int bytes = compare(RocksKeys.entityKey(tableA, a), RocksKeys.entityKey(tableB, b));

    if (tableA != tableB) {
      assertThat(Integer.signum(bytes)).isEqualTo(Long.signum(tableA - tableB));
    }
  }

  @Property(tries = 2000)
  void atKeyBound_sortsAtOrBeforeExactlyTheKeysItPrecedes(
      @ForAll("keys") EntityKey position, @ForAll("keys") EntityKey key) {
    KeyBound bound = KeyBound.at(position);

    boolean atOrAfter =
        compare(RocksKeys.bound(TABLE, bound), RocksKeys.entityKey(TABLE, key)) <= 0;

    assertThat(atOrAfter).isEqualTo(bound.precedes(key));
  }

  @Property(tries = 3000)
  void afterPartitionBound_sortsAtOrBeforeExactlyTheKeysItPrecedes(
      @ForAll("partitionBounds") KeyBound.AfterPartition bound, @ForAll("keys") EntityKey key) {
    byte[] boundBytes = RocksKeys.bound(TABLE, bound);
    byte[] keyBytes = RocksKeys.entityKey(TABLE, key);

    assertThat(compare(boundBytes, keyBytes) <= 0).isEqualTo(bound.precedes(key));
    assertThat(compare(boundBytes, keyBytes)).isNotZero();
  }

  @Property
  void afterPartitionBound_fallsBetweenItsPartitionAndTheNextKeys(@ForAll("keys") EntityKey key) {
    byte[] bound = RocksKeys.bound(TABLE, KeyBound.endOf(key.partitionKey()));

    assertThat(compare(RocksKeys.entityKey(TABLE, key), bound)).isNegative();
    EntityKey longerPartition = new EntityKey(key.partitionKey() + " ", "");
    assertThat(compare(bound, RocksKeys.entityKey(TABLE, longerPartition))).isNegative();
  }

  @Property
  void bounds_stayInsideTheirTable(
      @ForAll @LongRange(min = 0, max = 1L << 40) long table, @ForAll("keys") EntityKey key) {
    byte[] start = RocksKeys.tablePrefix(table);
    byte[] end = RocksKeys.tablePrefix(table + 1);

    for (KeyBound bound : List.of(KeyBound.at(key), KeyBound.endOf(key.partitionKey()))) {
      byte[] bytes = RocksKeys.bound(table, bound);
      assertThat(compare(start, bytes)).isLessThanOrEqualTo(0);
      assertThat(compare(bytes, end)).isNegative();
    }
  }

  /**
   * Every key of the table's entities sorts before {@code entitiesEnd}, every index key between it
   * and the feed's first key, inside its own index's range. Broken once: {@code entitiesEnd} at the
   * feed's 0xFF put index keys before it.
   */
  @Property(tries = 2000)
  void indexKeys_sortAfterEveryEntityAndBeforeTheFeed(
      @ForAll("keys") EntityKey key, @ForAll @IntRange(min = 1) int indexId, @ForAll byte[] entry) {
    byte[] index = RocksKeys.indexKey(TABLE, indexId, entry);
    byte[] entitiesEnd = RocksKeys.entitiesEnd(TABLE);

    assertThat(compare(RocksKeys.entityKey(TABLE, key), entitiesEnd)).isNegative();
    assertThat(compare(RocksKeys.bound(TABLE, KeyBound.endOf(key.partitionKey())), entitiesEnd))
        .isNegative();
    assertThat(compare(entitiesEnd, index)).isNegative();
    assertThat(compare(RocksKeys.indexPrefix(TABLE, indexId), index)).isLessThanOrEqualTo(0);
    assertThat(compare(index, RocksKeys.indexEnd(TABLE, indexId))).isNegative();
    assertThat(compare(index, RocksKeys.feedMarkKey(TABLE))).isNegative();
  }

  @Example
  void partitionKeyWithNul_isRefused() {
    assertThatThrownBy(() -> RocksKeys.entityKey(TABLE, "a\u0000b", "r"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Provide
  Arbitrary<EntityKey> keys() {
    return Combinators.combine(keyStrings(), keyStrings()).as(EntityKey::new);
  }

  /** Partition bounds, often at a key's partition or a prefix or extension of it. */
  @Provide
  Arbitrary<KeyBound.AfterPartition> partitionBounds() {
    Arbitrary<String> related =
        Combinators.combine(keyStrings(), Arbitraries.integers().between(0, 6), keyStrings())
            .as(
                (pk, cut, tail) ->
                    cut % 3 == 0 ? pk + tail : pk.substring(0, Math.min(cut, pk.length())));
    return Arbitraries.oneOf(keyStrings(), related).map(KeyBound.AfterPartition::new);
  }

  /**
   * Valid key strings: any code point but / \ # ? and the control characters, including
   * supplementary ones and unpaired surrogates, with a small alphabet often so keys share prefixes
   * and partitions.
   */
  private Arbitrary<String> keyStrings() {
    Arbitrary<Integer> common =
        Arbitraries.of(
            0x20, 0x61, 0x62, 0x7A, 0x7E, 0xA0, 0xE9, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x1F600,
            0x10FFFF);
    Arbitrary<Integer> any =
        Arbitraries.integers().between(0x20, Character.MAX_CODE_POINT).filter(c -> !isForbidden(c));
    Arbitrary<Integer> loneSurrogate = Arbitraries.integers().between(0xD800, 0xDFFF);
    Arbitrary<Integer> codePoint =
        Arbitraries.frequencyOf(
            net.jqwik.api.Tuple.of(6, common),
            net.jqwik.api.Tuple.of(3, any),
            net.jqwik.api.Tuple.of(1, loneSurrogate));
    return codePoint.list().ofMaxSize(5).map(RocksKeyCodecProperties::string);
  }

  private static boolean isForbidden(int c) {
    return c == '/' || c == '\\' || c == '#' || c == '?' || c <= 0x1F || c >= 0x7F && c <= 0x9F;
  }

  private static String string(List<Integer> codePoints) {
    StringBuilder out = new StringBuilder();
    codePoints.forEach(out::appendCodePoint);
    return out.toString();
  }

  private static int compare(byte[] a, byte[] b) {
    return Arrays.compareUnsigned(a, b);
  }
}
