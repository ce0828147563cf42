package dev.tabula.server.console;

/**
 * Where the complete records of a slice of an entity file end. The page sends a file in slices
 * (File.slice) cut anywhere, so a slice's last record may be cut: only the records before it are
 * imported, and the page sends the next slice from there. A JSON Lines record ends with its line; a
 * CSV record with a line end outside quotes (a quoted value may hold line ends). The last slice of
 * a file is complete whatever its end.
 */
final class SliceRecords {
  private SliceRecords() {}

  /** How many bytes of {@code slice}, from its start, are complete JSON Lines records. */
  static int jsonLines(byte[] slice, int from, boolean last) {
    if (last) {
      return slice.length;
    }
    for (int i = slice.length - 1; i >= from; i--) {
      if (slice[i] == '\n') {
        return i + 1;
      }
    }
    return from;
  }

  /**
   * How many bytes of {@code slice} are complete CSV records; {@code slice} starts at a record's
   * start (quotes are counted from there).
   */
  static int csv(byte[] slice, int from, boolean last) {
    if (last) {
      return slice.length;
    }
    boolean quoted = false;
    int end = from;
    for (int i = from; i < slice.length; i++) {
      byte b = slice[i];
      if (b == '"') {
        quoted = !quoted; // a doubled quote toggles twice: still inside
      } else if (b == '\n' && !quoted) {
        end = i + 1;
      }
    }
    return end;
  }

  /** How long the first CSV record (the header) of {@code slice} is, line end included. */
  static int csvFirstRecord(byte[] slice) {
    boolean quoted = false;
    for (int i = 0; i < slice.length; i++) {
      if (slice[i] == '"') {
        quoted = !quoted;
      } else if (slice[i] == '\n' && !quoted) {
        return i + 1;
      }
    }
    return slice.length;
  }

  /** How many line ends {@code bytes[from, to)} holds. */
  static int lines(byte[] bytes, int from, int to) {
    int count = 0;
    for (int i = from; i < to; i++) {
      if (bytes[i] == '\n') {
        count++;
      }
    }
    return count;
  }
}
