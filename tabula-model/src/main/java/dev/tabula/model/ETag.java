package dev.tabula.model;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The service's weak ETag, derived from an entity's Timestamp: {@code
 * W/"datetime'2020-10-01T00%3A38%3A37.6216947Z'"} (captured from the real service; the {@code
 * 0x...} form in the documentation samples is not what it returns).
 */
public record ETag(Instant timestamp) {
  private static final String PREFIX = "W/\"datetime'";
  private static final String SUFFIX = "'\"";
  private static final byte[] PREFIX_BYTES = PREFIX.getBytes(StandardCharsets.ISO_8859_1);

  public ETag {
    Objects.requireNonNull(timestamp, "timestamp");
  }

  /** The most bytes {@link #write} writes. */
  public static final int MAX_LENGTH = PREFIX_BYTES.length + DateTimeText.MAX_ESCAPED_LENGTH + 2;

  /** The header form. */
  public String value() {
    // Written straight into one buffer: this runs for every entity of every query response.
    byte[] out = new byte[MAX_LENGTH];
    int end = write(out, 0);
    if (end < 0) {
      return PREFIX + EdmDateTimes.format(timestamp).replace(":", "%3A") + SUFFIX;
    }
    return new String(out, 0, end, StandardCharsets.ISO_8859_1);
  }

  /**
   * Writes {@link #value()}'s text as ASCII bytes at {@code pos} and returns the position after it;
   * returns -1, having written nothing useful, when the Timestamp's year has more than four digits
   * (outside the service's range), for which the caller uses {@link #value()}. {@code out} needs
   * room for {@link #MAX_LENGTH} bytes from {@code pos}.
   */
  public int write(byte[] out, int pos) {
    System.arraycopy(PREFIX_BYTES, 0, out, pos, PREFIX_BYTES.length);
    int end = DateTimeText.write(out, pos + PREFIX_BYTES.length, timestamp, true);
    if (end < 0) {
      return -1;
    }
    out[end] = '\'';
    out[end + 1] = '"';
    return end + 2;
  }

  /** Parses the header form; returns null when the text is not an ETag this service issued. */
  public static @Nullable ETag parse(@Nullable String text) {
    if (text == null
        || !text.startsWith(PREFIX)
        || !text.endsWith(SUFFIX)
        || text.length() < PREFIX.length() + SUFFIX.length()) {
      return null;
    }
    String inner = text.substring(PREFIX.length(), text.length() - SUFFIX.length());
    Instant instant = EdmDateTimes.parse(inner.replace("%3A", ":").replace("%3a", ":"));
    return instant == null ? null : new ETag(instant);
  }

  @Override
  public String toString() {
    return value();
  }
}
