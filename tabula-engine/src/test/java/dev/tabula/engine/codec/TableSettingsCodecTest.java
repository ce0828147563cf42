package dev.tabula.engine.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.model.TableSettings;
import dev.tabula.model.TimeToLive;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TableSettingsCodecTest {

  @Test
  void everySettingRoundTrips() {
    List<TableSettings> all =
        List.of(
            TableSettings.NONE,
            TableSettings.NONE.withTimeToLive(TimeToLive.withoutDefault()),
            TableSettings.NONE.withTimeToLive(TimeToLive.after(Duration.ofMillis(1))),
            TableSettings.NONE.withChangeFeedRetention(Duration.ofDays(3650)),
            new TableSettings(TimeToLive.after(Duration.ofSeconds(86_400)), Duration.ofHours(1)));

    for (TableSettings settings : all) {
      assertThat(TableSettingsCodec.decode(TableSettingsCodec.encode(settings)))
          .isEqualTo(settings);
    }
  }

  @Test
  void aLaterVersionIsRefusedRatherThanMisread() {
    byte[] stored = TableSettingsCodec.encode(TableSettings.NONE);
    stored[0] = 2;

    assertThatThrownBy(() -> TableSettingsCodec.decode(stored))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("version 2");
  }

  @Test
  void truncatedOrPaddedBytesAreRefused() {
    byte[] stored =
        TableSettingsCodec.encode(TableSettings.NONE.withTimeToLive(TimeToLive.withoutDefault()));

    assertThatThrownBy(() -> TableSettingsCodec.decode(Arrays.copyOf(stored, stored.length - 1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> TableSettingsCodec.decode(Arrays.copyOf(stored, stored.length + 1)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
