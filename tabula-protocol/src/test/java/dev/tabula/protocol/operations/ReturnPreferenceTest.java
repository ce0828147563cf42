package dev.tabula.protocol.operations;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.protocol.http.ServiceRequest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReturnPreferenceTest {

  @Test
  void preferHeader_isReadWithoutCaseOrSurroundingSpace() {
    assertThat(ReturnPreference.of("return-no-content")).isEqualTo(ReturnPreference.NO_CONTENT);
    assertThat(ReturnPreference.of(" Return-No-Content ")).isEqualTo(ReturnPreference.NO_CONTENT);
    assertThat(ReturnPreference.of("RETURN-CONTENT")).isEqualTo(ReturnPreference.CONTENT);
  }

  @Test
  void noHeaderOrAnotherPreference_isNone() {
    assertThat(ReturnPreference.of(null)).isEqualTo(ReturnPreference.NONE);
    assertThat(ReturnPreference.of("")).isEqualTo(ReturnPreference.NONE);
    assertThat(ReturnPreference.of("respond-async")).isEqualTo(ReturnPreference.NONE);
  }

  @Test
  void preferenceApplied_echoesOnlyAPreferenceThatWasExpressed() {
    assertThat(ReturnPreference.NO_CONTENT.applied()).contains("return-no-content");
    assertThat(ReturnPreference.CONTENT.applied()).contains("return-content");
    assertThat(ReturnPreference.NONE.applied()).isEmpty();
  }

  @Test
  void requestOptions_readsThePreferHeader() {
    assertThat(RequestOptions.returnPreference(withPrefer("return-no-content")))
        .isEqualTo(ReturnPreference.NO_CONTENT);
    assertThat(RequestOptions.returnPreference(withPrefer("return-content")))
        .isEqualTo(ReturnPreference.CONTENT);
    assertThat(RequestOptions.returnPreference(withPrefer("respond-async")))
        .isEqualTo(ReturnPreference.NONE);
    assertThat(
            RequestOptions.returnPreference(
                new ServiceRequest("POST", "/t", Map.of(), new byte[0])))
        .isEqualTo(ReturnPreference.NONE);
  }

  private static ServiceRequest withPrefer(String prefer) {
    return new ServiceRequest("POST", "/t", Map.of("Prefer", List.of(prefer)), new byte[0]);
  }
}
