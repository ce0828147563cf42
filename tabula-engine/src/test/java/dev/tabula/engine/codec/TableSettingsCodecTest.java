package dev.tabula.engine.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.model.IndexDefinition;
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
            new TableSettings(TimeToLive.after(Duration.ofSeconds(86_400)), Duration.ofHours(1)),
            TableSettings.NONE.withIndexes(
                List.of(
                    new IndexDefinition(1, "byStatus", "Status", IndexDefinition.State.READY),
                    new IndexDefinition(7, "b", "\u00e9t\u00e9", IndexDefinition.State.BUILDING))));

    for (TableSettings settings : all) {
      assertThat(TableSettingsCodec.decode(TableSettingsCodec.encode(settings)))
          .isEqualTo(settings);
    }
  }

  /** Settings stored by a server before indexes existed (version 1) still read, with none. */
  @Test
  void versionOneStillReads() {
    byte[] current =
        TableSettingsCodec.encode(TableSettings.NONE.withChangeFeedRetention(Duration.ofDays(1)));
    byte[] versionOne = Arrays.copyOf(current, current.length - 1); // without the index count
    versionOne[0] = 1;

    assertThat(TableSettingsCodec.decode(versionOne))
        .isEqualTo(TableSettings.NONE.withChangeFeedRetention(Duration.ofDays(1)));
  }

  @Test
  void aLaterVersionIsRefusedRatherThanMisread() {
    byte[] stored = TableSettingsCodec.encode(TableSettings.NONE);
    stored[0] = 3;

    assertThatThrownBy(() -> TableSettingsCodec.decode(stored))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("version 3");
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
