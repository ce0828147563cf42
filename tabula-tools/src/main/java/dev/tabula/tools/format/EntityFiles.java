package dev.tabula.tools.format;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Opens entity readers and writers of a format on streams and files ({@code -} for stdin/stdout).
 */
public final class EntityFiles {
  /** The file name that means standard input or output. */
  public static final String STANDARD_STREAM = "-";

  private EntityFiles() {}

  /** A writer of {@code format} to {@code target}; closing the writer closes the stream. */
  public static EntityWriter writer(FileFormat format, OutputStream target) throws IOException {
    return switch (format) {
      case JSONL -> new JsonLinesWriter(target);
      case CSV -> new CsvEntityWriter(target);
    };
  }

  /** A reader of {@code format} from {@code source}; closing the reader closes the stream. */
  public static EntityReader reader(FileFormat format, InputStream source) throws IOException {
    return switch (format) {
      case JSONL -> new JsonLinesReader(source);
      case CSV -> new CsvEntityReader(source);
    };
  }

  /** A writer to a new or truncated file, or to standard output (left open) for {@code -}. */
  public static EntityWriter create(FileFormat format, String path) throws IOException {
    if (STANDARD_STREAM.equals(path)) {
      return writer(format, unclosable(System.out));
    }
    return writer(format, Files.newOutputStream(Path.of(path)));
  }

  /** A reader of a file, or of standard input for {@code -}. */
  public static EntityReader open(FileFormat format, String path) throws IOException {
    if (STANDARD_STREAM.equals(path)) {
      return reader(format, System.in);
    }
    return reader(format, Files.newInputStream(Path.of(path)));
  }

  /** Standard output, flushed but not closed when a writer closes it: others may print after. */
  public static OutputStream unclosable(OutputStream out) {
    return new FilterOutputStream(out) {
      @Override
      public void write(byte[] bytes, int offset, int length) throws IOException {
        out.write(bytes, offset, length);
      }

      @Override
      public void close() throws IOException {
        flush();
      }
    };
  }
}
