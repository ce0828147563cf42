package dev.tabula.engine.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.AccessPolicy;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class CassandraPolicyCodecTest {

  @Test
  void policies_roundTripInOrder_withAbsentFieldsAndNanoseconds() {
    List<AccessPolicy> policies =
        List.of(
            new AccessPolicy(
                "read-only",
                Instant.parse("2026-01-01T00:00:00.1234567Z"),
                Instant.parse("2027-01-01T00:00:00Z"),
                "r"),
            new AccessPolicy("open", null, null, null));

    assertThat(CassandraPolicyCodec.decode(CassandraPolicyCodec.encode(policies)))
        .containsExactlyElementsOf(policies);
  }

  @Test
  void absentBlob_meansNoPolicies() {
    assertThat(CassandraPolicyCodec.decode(null)).isEmpty();
    assertThat(CassandraPolicyCodec.decode(CassandraPolicyCodec.encode(List.of()))).isEmpty();
  }
}
