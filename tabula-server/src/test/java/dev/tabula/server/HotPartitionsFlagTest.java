package dev.tabula.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HotPartitionsFlagTest {
  @TempDir Path dir;

  @Test
  void hotPartitions_areTenByDefault_andComeFromFlagEnvOrFile() throws IOException {
    Path file = Files.writeString(dir.resolve("tabula.properties"), "hot-partitions=20\n");
    ServeCommand flag = new ServeCommand();
    flag.hotPartitions = 40;

    assertThat(new ConfigResolver(Map.of(), null).hotPartitions(new ServeCommand())).isEqualTo(10);
    assertThat(new ConfigResolver(Map.of(), file).hotPartitions(new ServeCommand())).isEqualTo(20);
    assertThat(
            new ConfigResolver(Map.of("TABULA_HOT_PARTITIONS", "30"), file)
                .hotPartitions(new ServeCommand()))
        .isEqualTo(30);
    assertThat(new ConfigResolver(Map.of("TABULA_HOT_PARTITIONS", "30"), file).hotPartitions(flag))
        .isEqualTo(40);
  }
}
