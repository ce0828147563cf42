package dev.tabula.protocol.json;

import static dev.tabula.protocol.json.MetadataLevel.FULL_METADATA;
import static dev.tabula.protocol.json.MetadataLevel.MINIMAL_METADATA;
import static dev.tabula.protocol.json.MetadataLevel.NO_METADATA;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class MetadataLevelTest {

  static Stream<Arguments> supported() {
    return Stream.of(
        Arguments.of(null, null, MINIMAL_METADATA),
        Arguments.of("", "", MINIMAL_METADATA),
        Arguments.of("application/json", null, MINIMAL_METADATA),
        Arguments.of("*/*", null, MINIMAL_METADATA),
        Arguments.of("application/*", null, MINIMAL_METADATA),
        Arguments.of("application/json;odata=nometadata", null, NO_METADATA),
        Arguments.of("application/json;odata=minimalmetadata", null, MINIMAL_METADATA),
        Arguments.of("application/json;odata=fullmetadata", null, FULL_METADATA),
        Arguments.of("Application/JSON; ODATA=FullMetadata", null, FULL_METADATA),
        Arguments.of("application/json; odata=nometadata; charset=utf-8", null, NO_METADATA),
        Arguments.of("application/json;charset=utf-8;odata=fullmetadata", null, FULL_METADATA),
        Arguments.of("application/json;odata=\"fullmetadata\"", null, FULL_METADATA),
        // $format wins over Accept, whatever Accept says (the Java SDK sends both).
        Arguments.of(
            "application/json;odata=minimalmetadata",
            "application/json;odata=fullmetadata",
            FULL_METADATA),
        Arguments.of("application/atom+xml", "application/json;odata=nometadata", NO_METADATA),
        Arguments.of(null, " application/json ; odata = nometadata ", NO_METADATA),
        Arguments.of(null, "json", MINIMAL_METADATA),
        Arguments.of(null, "application/json", MINIMAL_METADATA),
        // Accept lists: the supported range with the highest q wins, ties to the first.
        Arguments.of("application/atom+xml,application/json;odata=nometadata", null, NO_METADATA),
        Arguments.of(
            "application/json;odata=nometadata;q=0.5, application/json;odata=fullmetadata",
            null,
            FULL_METADATA),
        Arguments.of(
            "application/json;odata=fullmetadata, application/json;odata=nometadata",
            null,
            FULL_METADATA),
        Arguments.of("text/html, */*;q=0.1", null, MINIMAL_METADATA),
        Arguments.of("application/json;odata=verbose, application/json", null, MINIMAL_METADATA),
        Arguments.of("application/json;odata=fullmetadata;q=0, */*", null, MINIMAL_METADATA));
  }

  @ParameterizedTest
  @MethodSource("supported")
  void negotiate_picksTheLevel(String accept, String format, MetadataLevel expected) {
    assertThat(MetadataLevel.negotiate(accept, format)).isEqualTo(expected);
    // Again, now that the header has been read once and is remembered.
    assertThat(MetadataLevel.negotiate(accept, format)).isEqualTo(expected);
  }

  @Test
  void negotiate_readsLongHeaders_everyTime() {
    String accept = "application/json;odata=nometadata;x=" + "y".repeat(1000);
    for (int i = 0; i < 3; i++) {
      assertThat(MetadataLevel.negotiate(accept, null)).isEqualTo(NO_METADATA);
    }
  }

  @Test
  void negotiate_staysRight_pastTheHeadersItRemembers() {
    for (int round = 0; round < 2; round++) {
      for (int i = 0; i < MediaRanges.REMEMBERED * 3; i++) {
        MetadataLevel expected = MetadataLevel.values()[i % 3];
        String accept = "application/json;odata=" + expected.odataValue() + ";x=" + i;
        assertThat(MetadataLevel.negotiate(accept, null)).isEqualTo(expected);
      }
    }
  }

  static Stream<Arguments> refused() {
    return Stream.of(
        Arguments.of("application/atom+xml", null, TableErrorCode.ATOM_FORMAT_NOT_SUPPORTED),
        Arguments.of(
            "application/atom+xml,application/xml", null, TableErrorCode.ATOM_FORMAT_NOT_SUPPORTED),
        Arguments.of(null, "application/atom+xml", TableErrorCode.ATOM_FORMAT_NOT_SUPPORTED),
        Arguments.of(null, "atom", TableErrorCode.ATOM_FORMAT_NOT_SUPPORTED),
        Arguments.of(
            "application/json", "application/atom+xml", TableErrorCode.ATOM_FORMAT_NOT_SUPPORTED),
        Arguments.of("text/html", null, TableErrorCode.MEDIA_TYPE_NOT_SUPPORTED),
        Arguments.of(
            "application/json;odata=verbose", null, TableErrorCode.MEDIA_TYPE_NOT_SUPPORTED),
        Arguments.of(null, "application/json;odata=lots", TableErrorCode.MEDIA_TYPE_NOT_SUPPORTED),
        Arguments.of("application/json;q=0", null, TableErrorCode.MEDIA_TYPE_NOT_SUPPORTED),
        Arguments.of(",", null, TableErrorCode.MEDIA_TYPE_NOT_SUPPORTED));
  }

  @ParameterizedTest
  @MethodSource("refused")
  void negotiate_refuses(String accept, String format, TableErrorCode expected) {
    refusesWith(accept, format, expected);
    // A refusal is not remembered as an answer.
    refusesWith(accept, format, expected);
  }

  private static void refusesWith(String accept, String format, TableErrorCode expected) {
    assertThatThrownBy(() -> MetadataLevel.negotiate(accept, format))
        .isInstanceOfSatisfying(
            TableException.class,
            e -> {
              assertThat(e.code()).isEqualTo(expected);
              assertThat(e.code().status()).isEqualTo(415);
            });
  }

  @Test
  void contentType_echoesTheLevel() {
    assertThat(MINIMAL_METADATA.contentType())
        .isEqualTo("application/json;odata=minimalmetadata;streaming=true;charset=utf-8");
    assertThat(NO_METADATA.contentType())
        .isEqualTo("application/json;odata=nometadata;streaming=true;charset=utf-8");
    assertThat(FULL_METADATA.contentType())
        .isEqualTo("application/json;odata=fullmetadata;streaming=true;charset=utf-8");
  }

  @Test
  void negotiate_readsBackEveryContentType() {
    for (MetadataLevel level : MetadataLevel.values()) {
      assertThat(MetadataLevel.negotiate(level.contentType(), null)).isEqualTo(level);
      assertThat(MetadataLevel.negotiate(null, level.contentType())).isEqualTo(level);
    }
  }
}
