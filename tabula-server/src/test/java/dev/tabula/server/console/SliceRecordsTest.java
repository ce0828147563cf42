package dev.tabula.server.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Where a slice's complete records end. Broken once: counting a line end inside quotes as a CSV
 * record's end made {@link #aCsvRecordMayHoldLineEndsInQuotes} red.
 */
class SliceRecordsTest {
  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void jsonLinesEndAtTheLastLineEnd() {
    assertEquals(7, SliceRecords.jsonLines(bytes("{a}\n{}\n{cut"), 0, false));
    assertEquals(11, SliceRecords.jsonLines(bytes("{a}\n{}\n{cut"), 0, true));
    assertEquals(2, SliceRecords.jsonLines(bytes("h\n{cut"), 2, false), "none whole: none taken");
  }

  @Test
  void aCsvRecordMayHoldLineEndsInQuotes() {
    byte[] slice = bytes("a,b\r\n1,\"two\r\nlines\"\r\n2,\"cut\r\n");
    assertEquals(21, SliceRecords.csv(slice, 0, false));
    assertEquals(slice.length, SliceRecords.csv(slice, 0, true));
    assertEquals(5, SliceRecords.csv(bytes("a,b\r\n1,\"\"\"x\r\n"), 0, false));
  }

  @Test
  void theCsvHeaderIsTheFirstRecord() {
    assertEquals(5, SliceRecords.csvFirstRecord(bytes("a,b\r\n1,2\r\n3,4\r\n")));
    assertEquals(8, SliceRecords.csvFirstRecord(bytes("\"a\nb\",c\n1,2\n")));
  }

  @Test
  void linesAreCounted() {
    assertEquals(2, SliceRecords.lines(bytes("a\nb\nc"), 0, 5));
    assertEquals(1, SliceRecords.lines(bytes("a\nb\nc"), 2, 5));
  }
}
