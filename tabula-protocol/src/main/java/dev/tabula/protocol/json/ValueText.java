package dev.tabula.protocol.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.NumberOutput;
import dev.tabula.model.ETag;
import dev.tabula.model.EdmDateTimes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

/**
 * Writes the JSON strings of values whose text is plain ASCII by construction (dates, Int64s,
 * Guids, ETags) as bytes formatted into a caller's scratch array, without a {@code String} and
 * without Jackson's per-character escape loop; every entity of a query page has three to five of
 * them. The bytes are the ones {@code writeString} of the same text writes. Stateless and
 * thread-safe; a scratch array belongs to one thread.
 */
final class ValueText {
  /** The scratch every method needs: an ETag, then again with a backslash before each quote. */
  static final int SCRATCH_BYTES = 2 * ETag.MAX_LENGTH + 2;

  private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

  private ValueText() {}

  /** A scratch array for the methods here. */
  static byte[] scratch() {
    return new byte[SCRATCH_BYTES];
  }

  /** A DateTime in the service's form ({@link EdmDateTimes#format}). */
  static void dateTime(JsonGenerator out, Instant instant, byte[] scratch) throws IOException {
    int end = EdmDateTimes.write(scratch, 0, instant);
    if (end < 0) {
      out.writeString(EdmDateTimes.format(instant));
    } else {
      out.writeRawUTF8String(scratch, 0, end);
    }
  }

  /** An Int64 as a decimal string, so that clients reading numbers as doubles keep every digit. */
  static void int64(JsonGenerator out, long value, byte[] scratch) throws IOException {
    out.writeRawUTF8String(scratch, 0, NumberOutput.outputLong(value, scratch, 0));
  }

  /** A Guid as {@link UUID#toString()} writes it: lower-case hex, grouped 8-4-4-4-12. */
  static void guid(JsonGenerator out, UUID guid, byte[] scratch) throws IOException {
    long mostSignificant = guid.getMostSignificantBits();
    long leastSignificant = guid.getLeastSignificantBits();
    hex(scratch, 0, mostSignificant >>> 32, 8);
    scratch[8] = '-';
    hex(scratch, 9, mostSignificant >>> 16, 4);
    scratch[13] = '-';
    hex(scratch, 14, mostSignificant, 4);
    scratch[18] = '-';
    hex(scratch, 19, leastSignificant >>> 48, 4);
    scratch[23] = '-';
    hex(scratch, 24, leastSignificant, 12);
    out.writeRawUTF8String(scratch, 0, 36);
  }

  /** The ETag's header form as a JSON string: its two quotes come out as {@code \"}. */
  static void etag(JsonGenerator out, ETag etag, byte[] scratch) throws IOException {
    int end = etag.write(scratch, 0);
    if (end < 0) {
      out.writeString(etag.value());
      return;
    }
    int escaped = ETag.MAX_LENGTH;
    for (int i = 0; i < end; i++) {
      if (scratch[i] == '"') {
        scratch[escaped++] = '\\';
      }
      scratch[escaped++] = scratch[i];
    }
    out.writeRawUTF8String(scratch, ETag.MAX_LENGTH, escaped - ETag.MAX_LENGTH);
  }

  /** The low {@code digits} hex digits of {@code value}, most significant first. */
  private static void hex(byte[] out, int pos, long value, int digits) {
    for (int i = pos + digits - 1; i >= pos; i--) {
      out[i] = HEX[(int) value & 0xF];
      value >>>= 4;
    }
  }
}
