package dev.tabula.protocol.json;

/**
 * Writes the JSON error body every OData operation returns, the same at every metadata level:
 *
 * <pre>{"odata.error":{"code":"…","message":{"lang":"en-US","value":"…"}}}</pre>
 *
 * <p>The caller supplies the whole message, including the service's trailing {@code
 * \nRequestId:…\nTime:…}. Stateless and thread-safe.
 */
public final class ErrorJsonWriter {
  private ErrorJsonWriter() {}

  /** The body for an error code (such as {@code ResourceNotFound}) and its message. */
  public static byte[] write(String code, String message) {
    return JsonCodec.write(
        out -> {
          out.writeStartObject();
          out.writeObjectFieldStart("odata.error");
          out.writeStringField("code", code);
          out.writeObjectFieldStart("message");
          out.writeStringField("lang", "en-US");
          out.writeStringField("value", message);
          out.writeEndObject();
          out.writeEndObject();
          out.writeEndObject();
        });
  }
}
