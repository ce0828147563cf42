package dev.tabula.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.protocol.http.StreamedPieces;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * A Query Tables page streamed piece by piece is, put end to end, byte for byte the page {@link
 * TableJsonWriter#writeTables} writes, whatever the page's size, its names, the metadata level and
 * the piece size asked for; each piece but the last holds at least what was asked and ends after a
 * table.
 */
class TablesStreamProperties {
  private static final ODataContext CTX =
      new ODataContext("http://127.0.0.1:10002/devstoreaccount1", "devstoreaccount1", "Tables");

  @Property(tries = 80)
  void piecesJoin_intoTheWholePage(
      @ForAll @IntRange(min = 0, max = 1000) int size,
      @ForAll @IntRange(min = 3, max = 63) int nameLength,
      @ForAll MetadataLevel level,
      @ForAll("pieceSizes") int minBytes)
      throws IOException {
    List<String> names = names(size, nameLength);
    List<byte[]> pieces = StreamedPieces.of(new TablesStream(names, CTX, level), minBytes);

    ByteArrayOutputStream joined = new ByteArrayOutputStream();
    for (byte[] piece : pieces) {
      joined.write(piece);
    }
    assertThat(new String(joined.toByteArray()))
        .isEqualTo(new String(TableJsonWriter.writeTables(names, CTX, level)));
    for (byte[] piece : pieces.subList(0, pieces.size() - 1)) {
      assertThat(piece.length).isGreaterThanOrEqualTo(minBytes);
      assertThat((char) piece[piece.length - 1]).isEqualTo('}'); // ends after a table
    }
  }

  @Example
  void aFullPage_comesInPieces_ofAboutTheSizeAsked() throws IOException {
    List<byte[]> pieces =
        StreamedPieces.of(
            new TablesStream(names(1000, 63), CTX, MetadataLevel.FULL_METADATA), 16 * 1024);

    assertThat(pieces.size()).isGreaterThan(4);
    assertThat(pieces).allSatisfy(piece -> assertThat(piece.length).isLessThan(17 * 1024));
  }

  @Example
  void aWholePage_isNotWrittenTwice() throws IOException {
    TablesStream stream = new TablesStream(names(3, 8), CTX, MetadataLevel.NO_METADATA);
    assertThat(stream.writeNext(new ByteArrayOutputStream(), 1 << 20)).isTrue();

    assertThatThrownBy(() -> stream.writeNext(new ByteArrayOutputStream(), 1))
        .isInstanceOf(IllegalStateException.class);
  }

  @Provide
  Arbitrary<Integer> pieceSizes() {
    return Arbitraries.of(1, 100, 4096, 64 * 1024, 1 << 20);
  }

  /** Table names of the given length (the service's 3 to 63 alphanumerics), sorted as listed. */
  private static List<String> names(int size, int length) {
    List<String> names = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      String name = "t" + String.format("%05d", i) + "x".repeat(Math.max(0, length - 6));
      names.add(name.substring(0, Math.max(length, 6)));
    }
    return names;
  }
}
