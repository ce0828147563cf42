package dev.tabula.protocol.extension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RequestedExtensionsTest {
  private static ServiceRequest with(String value) {
    return new ServiceRequest(
        "GET", "/acct/t()", Map.of("x-tabula-extensions", List.of(value)), new byte[0]);
  }

  @Test
  void names_areCaseInsensitive_withSpacesAndEmptyItems() {
    RequestedExtensions asked = RequestedExtensions.of(with(" Count ,, STARTSWITH "));
    assertThat(asked.asked()).containsExactlyInAnyOrder(Extension.COUNT, Extension.STARTS_WITH);
  }

  @Test
  void noHeader_asksForNothing() {
    ServiceRequest plain = new ServiceRequest("GET", "/acct/t()", Map.of(), new byte[0]);
    assertThat(RequestedExtensions.of(plain)).isEqualTo(RequestedExtensions.NONE);
    assertThat(RequestedExtensions.of(with("  "))).isEqualTo(RequestedExtensions.NONE);
  }

  @Test
  void unknownName_is400InvalidHeaderValue_listingTheKnown() {
    assertThatThrownBy(() -> RequestedExtensions.of(with("count,index")))
        .isInstanceOfSatisfying(
            TableException.class,
            e -> {
              assertThat(e.code()).isEqualTo(TableErrorCode.INVALID_HEADER_VALUE);
              assertThat(e.getMessage()).contains("'index'").contains("count, startswith");
            });
  }

  @Test
  void echo_namesOnlyWhatWasAskedAndApplies() {
    RequestedExtensions asked = RequestedExtensions.of(with("startswith,count"));
    ServiceResponse response = asked.echo(new ServiceResponse(200), Set.of(Extension.STARTS_WITH));
    assertThat(response.headers()).containsEntry("x-tabula-extensions", "startswith");
    ServiceResponse none =
        RequestedExtensions.NONE.echo(new ServiceResponse(200), Set.of(Extension.COUNT));
    assertThat(none.headers()).doesNotContainKey("x-tabula-extensions");
  }
}
