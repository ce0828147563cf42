package dev.tabula.protocol.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.model.EdmValue;
import dev.tabula.model.EdmValue.EdmString;
import dev.tabula.model.Entity;
import dev.tabula.protocol.http.StreamedPieces;
import dev.tabula.protocol.json.EntityJsonWriter;
import dev.tabula.protocol.json.ErrorJsonWriter;
import dev.tabula.protocol.json.MetadataLevel;
import dev.tabula.protocol.json.ODataContext;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * A {@code $batch} answer streamed part by part is, put end to end, byte for byte what the whole
 * writer wrote before answers were streamed ({@link #before}, that writer's code kept here as the
 * reference): change sets of inserts that return content and of 204s, a change set holding only the
 * failure at some index, and a lone retrieve, whatever the piece size asked for; each piece but the
 * last holds at least what was asked and ends after a part.
 */
class BatchStreamProperties {
  private static final String BATCH = "batchresponse_5d9c1f0e-8b8b-4c5a-9a39-5b8f2b7e7c10";
  private static final String CHANGE_SET = "changesetresponse_0b0e4c4e-36f8-4f64-8c1e-2f7bd3ef5a21";
  private static final ODataContext CTX =
      new ODataContext("http://127.0.0.1:10002/devstoreaccount1", "devstoreaccount1", "orders");

  @Property(tries = 80)
  void changeSetPieces_joinIntoTheWholeAnswer(
      @ForAll @IntRange(min = 1, max = 100) int operations,
      @ForAll @IntRange(min = 0, max = 20_000) int bigChars,
      @ForAll MetadataLevel level,
      @ForAll boolean returnContent,
      @ForAll("pieceSizes") int minBytes)
      throws IOException {
    List<PartResponse> parts = successes(operations, bigChars, level, returnContent);
    assertJoinedPieces(new BatchStream(BATCH, CHANGE_SET, parts), parts, true, minBytes);
  }

  @Property(tries = 40)
  void failurePieces_joinIntoTheWholeAnswer(
      @ForAll @IntRange(min = 0, max = 99) int index,
      @ForAll boolean inChangeSet,
      @ForAll("pieceSizes") int minBytes)
      throws IOException {
    List<PartResponse> parts = List.of(failure(index));
    String changeSet = inChangeSet ? CHANGE_SET : null; // a lone retrieve's failure sits bare
    assertJoinedPieces(new BatchStream(BATCH, changeSet, parts), parts, inChangeSet, minBytes);
  }

  @Example
  void aLargeAnswer_comesInPiecesOfAboutTheSizeAsked() throws IOException {
    List<PartResponse> parts = successes(100, 8_000, MetadataLevel.FULL_METADATA, true);
    List<byte[]> pieces = StreamedPieces.of(new BatchStream(BATCH, CHANGE_SET, parts), 16 * 1024);

    assertThat(pieces.size()).isGreaterThan(10);
    // No piece exceeds what was asked by more than one part (about 17 KiB here).
    assertThat(pieces).allSatisfy(piece -> assertThat(piece.length).isLessThan(34 * 1024));
  }

  @Example
  void aWholeAnswer_isNotWrittenTwice() throws IOException {
    BatchStream stream = new BatchStream(BATCH, CHANGE_SET, List.of(failure(3)));
    assertThat(stream.writeNext(new ByteArrayOutputStream(), 1)).isTrue();

    assertThatThrownBy(() -> stream.writeNext(new ByteArrayOutputStream(), 1))
        .isInstanceOf(IllegalStateException.class);
  }

  private static void assertJoinedPieces(
      BatchStream stream, List<PartResponse> parts, boolean inChangeSet, int minBytes)
      throws IOException {
    List<byte[]> pieces = StreamedPieces.of(stream, minBytes);
    ByteArrayOutputStream joined = new ByteArrayOutputStream();
    for (byte[] piece : pieces) {
      joined.write(piece);
    }
    String whole = inChangeSet ? before(parts, true) : before(parts, false);
    assertThat(joined.toString(StandardCharsets.UTF_8)).isEqualTo(whole);
    int end = 0;
    for (byte[] piece : pieces.subList(0, pieces.size() - 1)) {
      assertThat(piece.length).isGreaterThanOrEqualTo(minBytes);
      end += piece.length;
      // Each ends after a part: what follows is the next part's delimiter.
      byte[] bytes = whole.getBytes(StandardCharsets.UTF_8);
      assertThat(new String(bytes, end, bytes.length - end, StandardCharsets.UTF_8))
          .startsWith(inChangeSet ? "--" + CHANGE_SET + "\r\n" : "--" + BATCH);
    }
  }

  /**
   * The answer as {@code BatchResponseWriter.changeSet} and {@code query} wrote it whole before it
   * was streamed: the reference the pieces must match.
   */
  private static String before(List<PartResponse> parts, boolean changeSet) {
    StringBuilder out = new StringBuilder("--" + BATCH + "\r\n");
    if (changeSet) {
      out.append("Content-Type: multipart/mixed; boundary=" + CHANGE_SET + "\r\n\r\n");
    }
    for (PartResponse part : parts) {
      if (changeSet) {
        out.append("--" + CHANGE_SET + "\r\n");
      }
      out.append("Content-Type: application/http\r\n");
      out.append("Content-Transfer-Encoding: binary\r\n\r\n");
      out.append("HTTP/1.1 " + part.status() + " " + part.reasonPhrase() + "\r\n");
      part.headers().forEach((name, value) -> out.append(name + ": " + value + "\r\n"));
      out.append("\r\n").append(new String(part.body(), StandardCharsets.UTF_8)).append("\r\n");
    }
    if (changeSet) {
      out.append("--" + CHANGE_SET + "--\r\n");
    }
    return out.append("--" + BATCH + "--\r\n").toString();
  }

  @Provide
  Arbitrary<Integer> pieceSizes() {
    return Arbitraries.of(1, 100, 4096, 64 * 1024, 1 << 20);
  }

  /** Committed inserts (201 with the entity, or 204), every third an update's bare 204. */
  private static List<PartResponse> successes(
      int operations, int bigChars, MetadataLevel level, boolean returnContent) {
    List<PartResponse> parts = new ArrayList<>(operations);
    for (int i = 0; i < operations; i++) {
      Map<String, EdmValue> properties = new LinkedHashMap<>();
      properties.put("Name", new EdmString("name \u00e9 \"" + i + "\""));
      if (i % 5 == 0) {
        properties.put("Big", new EdmString("\u00e9\n".repeat(bigChars / 2)));
      }
      Entity stored =
          new Entity(
              "p",
              String.format("%04d", i),
              Instant.ofEpochSecond(1_700_000_000L, i * 100L),
              properties);
      Map<String, String> h = new LinkedHashMap<>();
      h.put("Content-ID", Integer.toString(i + 1));
      h.put("X-Content-Type-Options", "nosniff");
      h.put("Cache-Control", "no-cache");
      h.put("ETag", stored.etag().value());
      boolean insert = i % 3 != 2;
      byte[] body = null;
      if (insert && returnContent) {
        h.put("Content-Type", level.contentType());
        body = EntityJsonWriter.writeEntity(stored, CTX, level, null);
      }
      parts.add(new PartResponse(insert && returnContent ? 201 : 204, h, body));
    }
    return parts;
  }

  /** The failing operation's part, its message starting with its index. */
  private static PartResponse failure(int index) {
    Map<String, String> h = new LinkedHashMap<>();
    h.put("X-Content-Type-Options", "nosniff");
    h.put("Cache-Control", "no-cache");
    h.put("DataServiceVersion", "3.0;");
    h.put("Content-Type", MetadataLevel.MINIMAL_METADATA.contentType());
    byte[] body =
        ErrorJsonWriter.write(
            "EntityAlreadyExists",
            index
                + ":The specified entity already exists.\nRequestId:r\nTime:2026-12-01T19:00:00Z");
    return new PartResponse(409, h, body);
  }
}
