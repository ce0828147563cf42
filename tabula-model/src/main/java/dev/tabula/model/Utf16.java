package dev.tabula.model;

/** Facts about Java strings as UTF-16 that several layers need. */
public final class Utf16 {
  private Utf16() {}

  /**
   * True when every surrogate in the text is half of a proper pair, so the text has a UTF-8 form.
   * JSON lets a client escape half a pair ({@code "\ud800"}); such text needs care to store and
   * cannot be written back out as plain UTF-8.
   */
  public static boolean isWellFormed(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return false;
      }
    }
    return true;
  }
}
