package dev.tabula.bench.load;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Writes, as a JSON Lines file for {@code tabula import}, the entities the load client's batch
 * workload sends ({@link BatchInsertWorkload}): the same shape (ten typed properties padded to
 * {@code --entity-bytes} of JSON, the SDKs' wire form) and the same keys, 100 rows to a partition,
 * so that an import of the file and the batch workload do the same writes (bench/transfer.sh).
 */
@Command(
    name = "batch-entities-file",
    mixinStandardHelpOptions = true,
    description = "Write the batch workload's entities as a JSON Lines file.")
public final class BatchEntitiesFile implements Callable<Integer> {
  @Option(names = "--entities", required = true, description = "How many entities.")
  long entities;

  @Option(names = "--entity-bytes", description = "JSON bytes per entity (default 1024).")
  int bytes = 1024;

  @Option(names = "--batch-size", description = "Rows per partition (default 100).")
  int batchSize = 100;

  @Option(names = "--output", required = true, description = "The file to write.")
  Path output;

  public static void main(String[] args) {
    System.exit(new CommandLine(new BatchEntitiesFile()).execute(args));
  }

  @Override
  public Integer call() throws IOException {
    EntityShape shape = new EntityShape(1, 1, bytes, EntityShape.DEFAULT_PROPERTIES);
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(output), 1 << 16)) {
      for (long g = 0; g < entities; g++) {
        long seq = g / batchSize;
        // BatchInsertWorkload's keys: partition b<seq>, rows 0000..0099, entity number g.
        out.write(shape.json(ZeroPadded.of("b", seq, 10), ZeroPadded.of(g % batchSize, 4), g));
        out.write('\n');
      }
    }
    return 0;
  }
}
