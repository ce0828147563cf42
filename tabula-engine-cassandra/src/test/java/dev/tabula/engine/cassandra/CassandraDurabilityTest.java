package dev.tabula.engine.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * When the startup warning about losing acknowledged writes is given ({@link CassandraDurability}).
 */
class CassandraDurabilityTest {
  private static final Map<String, String> ONE =
      Map.of("class", "org.apache.cassandra.locator.SimpleStrategy", "replication_factor", "1");
  private static final Map<String, String> THREE =
      Map.of("class", "org.apache.cassandra.locator.SimpleStrategy", "replication_factor", "3");

  @Test
  void periodicSync_withOneReplica_isWarned() {
    assertThat(CassandraDurability.risk(ONE, "periodic"))
        .hasValueSatisfying(text -> assertThat(text).contains("commitlog_sync: batch"));
  }

  @Test
  void batchOrGroupSync_orThreeReplicas_orUnknown_isNot() {
    assertThat(CassandraDurability.risk(ONE, "batch")).isEmpty();
    assertThat(CassandraDurability.risk(ONE, "group")).isEmpty();
    assertThat(CassandraDurability.risk(THREE, "periodic")).isEmpty();
    assertThat(CassandraDurability.risk(ONE, null)).isEmpty();
    assertThat(CassandraDurability.risk(Map.of(), "periodic")).isEmpty();
  }

  /** Any data center with one full replica is enough to lose a write acknowledged there. */
  @Test
  void fewestReplicas_isTheSmallestDataCenter_withoutTransientReplicas() {
    assertThat(
            CassandraDurability.fewestReplicas(
                Map.of("class", "NetworkTopologyStrategy", "dc1", "3", "dc2", "1")))
        .isEqualTo(1);
    assertThat(
            CassandraDurability.fewestReplicas(Map.of("class", "x", "replication_factor", "2/1")))
        .isEqualTo(1);
    assertThat(CassandraDurability.fewestReplicas(THREE)).isEqualTo(3);
  }
}
