package dev.tabula.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import org.junit.jupiter.api.Test;

/** Change-feed tokens: opaque, URL-safe, and refused as 400 when not one this server made. */
class FeedTokenTest {

  @Test
  void token_roundTrips_inUrlSafeText() {
    FeedToken token = new FeedToken(42, 638_000_000_000_000_000L, true);

    String text = token.encode();

    assertThat(text).matches("[A-Za-z0-9_-]+");
    assertThat(FeedToken.decode(text)).isEqualTo(token);
  }

  @Test
  void foreignText_is400InvalidInput() {
    String valid = new FeedToken(1, 2, false).encode();
    for (String text :
        new String[] {"not base64!", "AAAA", valid + "AA", "Ag" + valid.substring(2)}) {
      assertThatThrownBy(() -> FeedToken.decode(text))
          .as(text)
          .isInstanceOfSatisfying(
              TableException.class,
              e -> assertThat(e.code()).isEqualTo(TableErrorCode.INVALID_INPUT));
    }
  }
}
