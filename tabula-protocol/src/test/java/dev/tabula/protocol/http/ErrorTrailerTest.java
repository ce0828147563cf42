package dev.tabula.protocol.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.ErrorResponses;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The time in error messages keeps all seven fractional digits, trailing zeros included: CloudStub
 * (CloudStub.Azure.Data.Tables.Tests/Assertions.cs) parses the end of every error message of a real
 * storage account with the exact .NET format {@code yyyy-MM-ddTHH:mm:ss.fffffffZ}.
 */
class ErrorTrailerTest {

  @Test
  void time_keepsSevenDigits_evenWhenTheyEndInZeros() {
    assertThat(ErrorTrailer.time(Instant.parse("2024-01-02T03:04:05Z")))
        .isEqualTo("2024-01-02T03:04:05.0000000Z");
    assertThat(ErrorTrailer.time(Instant.parse("2024-01-02T03:04:05.123Z")))
        .isEqualTo("2024-01-02T03:04:05.1230000Z");
    assertThat(ErrorTrailer.time(Instant.parse("2022-02-11T16:56:50.0462714Z")))
        .isEqualTo("2022-02-11T16:56:50.0462714Z");
    assertThat(ErrorTrailer.of("r-1", Instant.parse("2024-01-02T03:04:05.5Z")))
        .isEqualTo("\nRequestId:r-1\nTime:2024-01-02T03:04:05.5000000Z");
  }

  @Test
  void renderedErrors_endWithTheSevenDigitTime_inJsonAndXml() {
    Clock clock = Clock.fixed(Instant.parse("2024-01-02T03:04:05.120Z"), ZoneOffset.UTC);
    ErrorResponses errors = new ErrorResponses(clock);

    ServiceResponse json =
        errors.render(
            TableErrorCode.INVALID_INPUT.exception(),
            new ServiceRequest(
                "GET", "/a/t()", Map.of("Accept", List.of("application/json")), new byte[0]),
            "req");
    ServiceResponse xml =
        errors.render(
            TableErrorCode.INVALID_INPUT.exception(),
            new ServiceRequest("GET", "/a/t?comp=acl", Map.of(), new byte[0]),
            "req");

    assertThat(new String(json.body(), StandardCharsets.UTF_8))
        .contains("RequestId:req\\nTime:2024-01-02T03:04:05.1200000Z\"");
    assertThat(new String(xml.body(), StandardCharsets.UTF_8))
        .contains("Time:2024-01-02T03:04:05.1200000Z</m:message>");
  }
}
