package dev.tabula.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.model.EdmValue;
import dev.tabula.model.EdmValue.EdmDateTime;
import dev.tabula.model.EdmValue.EdmDouble;
import dev.tabula.model.EdmValue.EdmInt64;
import dev.tabula.model.EdmValue.EdmString;
import dev.tabula.model.Entity;
import dev.tabula.protocol.http.StreamedPieces;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * A page streamed piece by piece is, put end to end, byte for byte the page {@link
 * EntityJsonWriter#writeFeed} writes (what every JSON test checks), whatever the page's size, its
 * entities' sizes, the metadata level, {@code $select} and the piece size asked for; and each piece
 * but the last holds at least what was asked, ending on an entity.
 */
class FeedStreamProperties {
  private static final ODataContext CTX =
      new ODataContext("http://127.0.0.1:10002/devstoreaccount1", "devstoreaccount1", "orders");

  @Property(tries = 80)
  void piecesJoin_intoTheWholePage(
      @ForAll @IntRange(min = 0, max = 700) int size,
      @ForAll @IntRange(min = 0, max = 40_000) int bigChars,
      @ForAll MetadataLevel level,
      @ForAll("selects") Set<String> select,
      @ForAll("pieceSizes") int minBytes)
      throws IOException {
    List<Entity> page = page(size, bigChars);
    List<byte[]> pieces = StreamedPieces.of(new FeedStream(page, CTX, level, select), minBytes);

    ByteArrayOutputStream joined = new ByteArrayOutputStream();
    for (byte[] piece : pieces) {
      joined.write(piece);
    }
    assertThat(new String(joined.toByteArray()))
        .isEqualTo(new String(EntityJsonWriter.writeFeed(page, CTX, level, select)));
    for (byte[] piece : pieces.subList(0, pieces.size() - 1)) {
      assertThat(piece.length).isGreaterThanOrEqualTo(minBytes);
      assertThat((char) piece[piece.length - 1]).isEqualTo('}'); // ends after an entity
    }
  }

  @Example
  void aLargePage_comesInManyPieces_ofAboutTheSizeAsked() throws IOException {
    List<byte[]> pieces =
        StreamedPieces.of(
            new FeedStream(page(1000, 0), CTX, MetadataLevel.FULL_METADATA, null), 64 * 1024);

    assertThat(pieces.size()).isGreaterThan(4);
    // No piece exceeds what was asked by more than one entity (well under 2 KiB here).
    assertThat(pieces).allSatisfy(piece -> assertThat(piece.length).isLessThan(66 * 1024));
  }

  @Example
  void anEntityThatCannotBeWritten_failsThePieceItIsIn_afterTheEarlierPieces() throws IOException {
    List<Entity> page = new ArrayList<>(page(300, 0));
    EdmString unreadable =
        EdmString.ofEncoded(
            new byte[] {(byte) 0xC3, (byte) 0xA9},
            bytes -> {
              throw new IllegalStateException("unreadable");
            });
    page.set(250, new Entity("p", "r", Instant.EPOCH, Map.of("bad", unreadable)));
    FeedStream stream = new FeedStream(page, CTX, MetadataLevel.MINIMAL_METADATA, null);

    assertThat(stream.writeNext(new ByteArrayOutputStream(), 4096)).isFalse();
    assertThatThrownBy(
            () -> {
              while (!stream.writeNext(new ByteArrayOutputStream(), 4096)) {
                // on to the entity that fails
              }
            })
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("unreadable");
  }

  @Example
  void aWholePage_isNotWrittenTwice() throws IOException {
    FeedStream stream = new FeedStream(page(3, 0), CTX, MetadataLevel.NO_METADATA, null);
    assertThat(stream.writeNext(new ByteArrayOutputStream(), 1 << 20)).isTrue();

    assertThatThrownBy(() -> stream.writeNext(new ByteArrayOutputStream(), 1))
        .isInstanceOf(IllegalStateException.class);
  }

  @Provide
  Arbitrary<Integer> pieceSizes() {
    return Arbitraries.of(1, 100, 4096, 64 * 1024, 1 << 20);
  }

  @Provide
  Arbitrary<Set<String>> selects() {
    return Arbitraries.of("PartitionKey", "RowKey", "Timestamp", "Name", "Big", "Missing", "*")
        .set()
        .ofMaxSize(4)
        .map(names -> (Set<String>) new LinkedHashSet<>(names))
        .injectNull(0.4);
  }

  /** Entities of a few shapes, every fifth with a string of {@code bigChars} characters. */
  private static List<Entity> page(int size, int bigChars) {
    List<Entity> page = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      Map<String, EdmValue> properties = new LinkedHashMap<>();
      properties.put("Name", new EdmString(i % 7 == 0 ? "quote \" and \u00e9 " + i : "name " + i));
      if (i % 3 != 0) {
        properties.put("Price", new EdmDouble(i % 11 == 0 ? Double.NaN : i / 4.0));
      }
      properties.put("Sku", new EdmInt64(4_000_000_000L + i));
      properties.put("Seen", new EdmDateTime(Instant.ofEpochSecond(1_700_000_000L + i, i * 100L)));
      if (i % 5 == 0 && bigChars > 0) {
        properties.put("Big", new EdmString("\u00e9\n".repeat(bigChars / 2)));
      }
      page.add(
          new Entity(
              String.format("p%03d", i / 100),
              String.format("%010d", i),
              Instant.ofEpochSecond(1_700_000_000L, i * 100L),
              properties));
    }
    return page;
  }
}
