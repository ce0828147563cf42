package dev.tabula.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The ETag's text trims trailing fractional zeros, as the service's does, and is compared by the
 * instant it names. Real-account recordings of azure-sdk-for-js
 * (sdk/tables/data-tables/recordings/node/tableclient_sasconnectionstring_listentities/
 * recording_should_list_binary_with_filter.js) carry {@code
 * W/"datetime'2021-06-04T21%3A59%3A49.864889Z'"} with Timestamp {@code
 * 2021-06-04T21:59:49.864889Z}, and another one an ETag header {@code
 * W/"datetime'2021-10-15T16%3A13%3A07.21463Z'"}: six and five digits, not the seven of .NET's
 * round-trip form (which only the time in error messages uses).
 */
class ETagTest {

  @Test
  void value_trimsTrailingFractionalZeros_asTheServiceDoes() {
    assertThat(new ETag(Instant.parse("2021-06-04T21:59:49.8648890Z")).value())
        .isEqualTo("W/\"datetime'2021-06-04T21%3A59%3A49.864889Z'\"");
    assertThat(new ETag(Instant.parse("2021-10-15T16:13:07.2146300Z")).value())
        .isEqualTo("W/\"datetime'2021-10-15T16%3A13%3A07.21463Z'\"");
    assertThat(new ETag(Instant.parse("2024-01-02T03:04:05Z")).value())
        .isEqualTo("W/\"datetime'2024-01-02T03%3A04%3A05Z'\"");
  }

  /** An If-Match names the same ETag whatever the number of digits the client wrote it with. */
  @Test
  void parse_comparesByInstant_whateverTheDigits() {
    ETag trimmed = ETag.parse("W/\"datetime'2024-01-02T03%3A04%3A05.123Z'\"");
    ETag sevenDigits = ETag.parse("W/\"datetime'2024-01-02T03%3A04%3A05.1230000Z'\"");

    assertThat(trimmed).isEqualTo(sevenDigits);
    assertThat(trimmed.timestamp()).isEqualTo(Instant.parse("2024-01-02T03:04:05.123Z"));
  }
}
