package dev.tabula.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.engine.cassandra.CassandraOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The --cassandra-* settings: flag, else TABULA_CASSANDRA_* env, else cassandra-* file key. */
class CassandraFlagsTest {
  @TempDir Path dir;

  @Test
  void defaults_areOneLocalNodeWithQuorum() {
    CassandraOptions options = new ConfigResolver(Map.of(), null).cassandra(new CassandraFlags());

    assertThat(options.contactPoints())
        .singleElement()
        .satisfies(point -> assertThat(point.getPort()).isEqualTo(9042));
    assertThat(options.keyspace()).isEqualTo("tabula");
    assertThat(options.localDatacenter()).isEqualTo("datacenter1");
    assertThat(options.consistency()).isEqualTo("QUORUM");
    assertThat(options.serialConsistency()).isEqualTo("SERIAL");
    assertThat(options.username()).isNull();
  }

  @Test
  void flagsBeatTheEnvironment_whichBeatsTheFile() throws IOException {
    Path file = dir.resolve("tabula.properties");
    Files.writeString(
        file,
        "cassandra-keyspace=fromfile\ncassandra-datacenter=dcfile\n"
            + "cassandra-consistency=ONE\n");
    Map<String, String> env =
        Map.of(
            "TABULA_CASSANDRA_KEYSPACE",
            "fromenv",
            "TABULA_CASSANDRA_USERNAME",
            "tabula",
            "TABULA_CASSANDRA_PASSWORD",
            "secret");
    CassandraFlags flags = new CassandraFlags();
    flags.contactPoints = "127.0.0.1:19042,127.0.0.2:19042";
    flags.consistency = "LOCAL_QUORUM";

    CassandraOptions options = new ConfigResolver(env, file).cassandra(flags);

    assertThat(options.contactPoints()).hasSize(2);
    assertThat(options.keyspace()).isEqualTo("fromenv");
    assertThat(options.localDatacenter()).isEqualTo("dcfile");
    assertThat(options.consistency()).isEqualTo("LOCAL_QUORUM");
    assertThat(options.username()).isEqualTo("tabula");
    assertThat(options.password()).isEqualTo("secret");
  }
}
