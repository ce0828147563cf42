package dev.tabula.engine.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

class CassandraOptionsTest {

  @Test
  void contactPoints_parseHostsAndPorts_defaultingTo9042() {
    List<InetSocketAddress> points =
        CassandraOptions.parseContactPoints("127.0.0.1:19042, 127.0.0.2 ,");

    assertThat(points).hasSize(2);
    assertThat(points.get(0).getPort()).isEqualTo(19042);
    assertThat(points.get(1).getHostString()).isEqualTo("127.0.0.2");
    assertThat(points.get(1).getPort()).isEqualTo(9042);
  }

  @Test
  void toString_neverShowsThePassword() {
    CassandraOptions options =
        CassandraOptions.of(CassandraOptions.parseContactPoints("127.0.0.1"), "dc1")
            .withCredentials("u", "s3cret");

    assertThat(options.toString()).contains("user=u").doesNotContain("s3cret");
  }

  @Test
  void keyspace_mustBeAPlainCqlName() {
    CassandraOptions options =
        CassandraOptions.of(CassandraOptions.parseContactPoints("127.0.0.1"), "dc1");

    assertThatThrownBy(() -> options.withKeyspace("tabula; DROP"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(options.withKeyspace("tabula_2").keyspace()).isEqualTo("tabula_2");
  }
}
