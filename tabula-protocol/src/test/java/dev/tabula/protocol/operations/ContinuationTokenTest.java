package dev.tabula.protocol.operations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContinuationTokenTest {

  @Test
  void roundTrip_keepsAnyKey() {
    for (String key : List.of("", "Smith", "a b'c%25\"", "ключ", "😀 emoji", "x".repeat(1024))) {
      String token = ContinuationToken.encode(key);
      assertThat(token).matches("1![0-9]+![A-Za-z0-9_-]*");
      assertThat(ContinuationToken.decode(token)).isEqualTo(key);
    }
  }

  @Test
  void shape_versionLengthAndBase64Url_likeTheService() {
    assertThat(ContinuationToken.encode("Smith")).isEqualTo("1!7!U21pdGg");
  }

  @Test
  void foreignOrTamperedTokens_areInvalidInput() {
    for (String bad :
        List.of("", "garbage", "2!8!U21pdGg", "1!9!U21pdGg", "1!x!U21pdGg", "1!4!@@@@")) {
      assertThatThrownBy(() -> ContinuationToken.decode(bad))
          .as(bad)
          .isInstanceOfSatisfying(
              TableException.class,
              e -> assertThat(e.code()).isEqualTo(TableErrorCode.INVALID_INPUT));
    }
  }
}
