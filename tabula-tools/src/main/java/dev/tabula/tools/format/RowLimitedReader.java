package dev.tabula.tools.format;

import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;

/**
 * Refuses to deliver more than a bound of characters between two {@link #startRow()} calls, so a
 * CSV row that never ends (an unclosed quote) cannot fill the memory. The parser reads ahead by its
 * buffer, so the bound is approximate by that much.
 */
final class RowLimitedReader extends FilterReader {
  private final long limit;
  private long sinceRowStart;

  RowLimitedReader(Reader in, long limit) {
    super(in);
    this.limit = limit;
  }

  void startRow() {
    sinceRowStart = 0;
  }

  @Override
  public int read() throws IOException {
    int c = super.read();
    if (c >= 0) {
      count(1);
    }
    return c;
  }

  @Override
  public int read(char[] buffer, int offset, int length) throws IOException {
    int n = super.read(buffer, offset, length);
    if (n > 0) {
      count(n);
    }
    return n;
  }

  private void count(int n) throws RowTooLongException {
    sinceRowStart += n;
    if (sinceRowStart > limit) {
      throw new RowTooLongException(
          "a row longer than "
              + limit
              + " characters (an unclosed quote?); the rest of the file is not read");
    }
  }

  /** A row went past the bound. */
  static final class RowTooLongException extends IOException {
    private static final long serialVersionUID = 1L;

    RowTooLongException(String message) {
      super(message);
    }
  }
}
