package dev.tabula.protocol.batch;

import java.util.List;
import java.util.Map;

/**
 * One part of a multipart body: its MIME headers and its content. The content is kept as text
 * decoded byte-for-byte (ISO-8859-1), so that boundaries can be searched as text and the bytes of a
 * JSON body come back unchanged with {@link #contentBytes}. Immutable.
 */
record MimePart(Map<String, List<String>> headers, String content) {

  /** A part from its raw text: header lines, an empty line, the content. */
  static MimePart parse(String raw) {
    HeaderBlock block = HeaderBlock.read(raw, 0);
    return new MimePart(block.headers(), raw.substring(block.bodyStart()));
  }

  /** The part's media type, or null when it has no usable Content-Type. */
  MediaType mediaType() {
    List<String> values = headers.get("Content-Type");
    return values == null || values.isEmpty() ? null : MediaType.parse(values.get(0));
  }

  /** The content's original bytes. */
  byte[] contentBytes() {
    return content.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
  }
}
