package dev.tabula.query;

import org.jspecify.annotations.Nullable;

/**
 * One token of filter text.
 *
 * @param kind what the token is
 * @param text a word as written, a string's unescaped value, a number as written, or a typed
 *     literal's quoted content
 * @param prefix a typed literal's prefix as written ({@code datetime}, {@code X}); null otherwise
 * @param position the offset of the token in the filter text
 * @param end the offset just after the token (for {@link Kind#END}, the text's length)
 */
record Token(Kind kind, String text, @Nullable String prefix, int position, int end) {

  /** The kinds of token. */
  enum Kind {
    WORD,
    STRING,
    NUMBER,
    TYPED_LITERAL,
    OPEN_PAREN,
    CLOSE_PAREN,
    COMMA,
    END
  }

  /** True when this is the word {@code word}, compared case-sensitively. */
  boolean isWord(String word) {
    return kind == Kind.WORD && text.equals(word);
  }
}
