package dev.tabula.core;

import dev.tabula.model.TableErrorCode;
import java.nio.ByteBuffer;
import java.util.Base64;

/**
 * A change-feed reader's place, opaque to clients: the table id (so a reader of a dropped or
 * re-created table is told), the position it has read up to, and whether it was already told the
 * table is gone. Encoded as unpadded base64url of {@code version | tableId | position | ended}.
 */
public record FeedToken(long tableId, long position, boolean ended) {
  private static final byte VERSION = 1;
  private static final int BYTES = 1 + 8 + 8 + 1;

  /** The token as a client sees it. */
  public String encode() {
    ByteBuffer out = ByteBuffer.allocate(BYTES);
    out.put(VERSION).putLong(tableId).putLong(position).put((byte) (ended ? 1 : 0));
    return Base64.getUrlEncoder().withoutPadding().encodeToString(out.array());
  }

  /** The token a client sent; 400 InvalidInput when it is not one this server made. */
  public static FeedToken decode(String text) {
    byte[] bytes;
    try {
      bytes = Base64.getUrlDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw invalid();
    }
    if (bytes.length != BYTES || bytes[0] != VERSION || (bytes[BYTES - 1] & 0xFE) != 0) {
      throw invalid();
    }
    ByteBuffer in = ByteBuffer.wrap(bytes, 1, BYTES - 1);
    return new FeedToken(in.getLong(), in.getLong(), in.get() == 1);
  }

  private static RuntimeException invalid() {
    return TableErrorCode.INVALID_INPUT.exception("The change-feed position is not valid.");
  }
}
