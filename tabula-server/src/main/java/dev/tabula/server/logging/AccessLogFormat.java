package dev.tabula.server.logging;

/** {@code --access-log}: no access log, or one line per request as plain text or as JSON. */
public enum AccessLogFormat {
  OFF,
  PLAIN,
  JSON;

  /**
   * The format named {@code value} (any case).
   *
   * @param setting how the operator set it, named in the error
   * @throws IllegalArgumentException naming the setting and the choices, for any other value
   */
  public static AccessLogFormat parse(String value, String setting) {
    return Choices.parse(AccessLogFormat.class, value, setting);
  }
}
