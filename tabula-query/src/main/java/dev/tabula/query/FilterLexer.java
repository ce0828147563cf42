package dev.tabula.query;

import java.util.Locale;
import java.util.Set;

/**
 * Splits filter text into tokens, following ODataLib's lexer, which the service uses: words
 * (identifiers and keywords), single-quoted strings with {@code ''} for a quote, numbers with an
 * optional sign, fraction, exponent and type suffix, typed literals ({@code datetime'…'}, {@code
 * guid'…'}, {@code binary'…'}, {@code X'…'}), parentheses and commas. Whitespace separates tokens
 * but is only needed between words, so {@code (a eq 1)and(b eq 2)} lexes as SDKs send it. Double
 * quotes are not string delimiters in OData (Azurite accepts them; the service's ODataLib does
 * not), so they are a syntax error. Errors carry ODataLib's messages and positions (see {@link
 * FilterErrors}). Not thread-safe: one lexer reads one text.
 */
final class FilterLexer {
  /**
   * Prefixes that make a quoted string a typed literal. ODataLib compares them ignoring case (WCF
   * Data Services' {@code TryRemoveLiteralPrefix}), and the Python SDK writes {@code X'…'}. The
   * OData types the Table service does not store ({@code datetimeoffset}, {@code time}) are not
   * typed literals here, so they fail to parse, as a word followed by a string.
   */
  private static final Set<String> TYPE_PREFIXES = Set.of("datetime", "guid", "binary", "x");

  private final String text;
  private int pos;

  FilterLexer(String text) {
    this.text = text;
  }

  /** The text being split, as error messages quote it. */
  String text() {
    return text;
  }

  /**
   * The next token, {@link Token.Kind#END} at the end of the text; 400 InvalidInput when the text
   * there cannot be split. Tokens are read one at a time as the parser asks for them, as ODataLib's
   * lexer does, so an error later in the text never hides the parser's error at an earlier token.
   */
  Token next() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
    int start = pos;
    if (pos >= text.length()) {
      return new Token(Token.Kind.END, "", null, start, start);
    }
    char c = text.charAt(pos);
    switch (c) {
      case '(':
        pos++;
        return new Token(Token.Kind.OPEN_PAREN, "(", null, start, pos);
      case ')':
        pos++;
        return new Token(Token.Kind.CLOSE_PAREN, ")", null, start, pos);
      case ',':
        pos++;
        return new Token(Token.Kind.COMMA, ",", null, start, pos);
      case '\'':
        String value = quoted();
        return new Token(Token.Kind.STRING, value, null, start, pos);
      default:
        break;
    }
    if (isDigit(c) || (c == '-' && pos + 1 < text.length() && isDigit(text.charAt(pos + 1)))) {
      return number();
    }
    if (isIdentifierStart(text.codePointAt(pos))) {
      return word();
    }
    throw FilterErrors.invalidCharacter(c, pos, text);
  }

  /** A quoted string from the quote at {@code pos}, with {@code ''} turned into {@code '}. */
  private String quoted() {
    StringBuilder value = new StringBuilder();
    pos++;
    while (pos < text.length()) {
      char c = text.charAt(pos++);
      if (c != '\'') {
        value.append(c);
      } else if (pos < text.length() && text.charAt(pos) == '\'') {
        value.append('\'');
        pos++;
      } else {
        return value.toString();
      }
    }
    throw FilterErrors.unterminatedString(text);
  }

  /**
   * {@code -?digits(.digits)?([eE][+-]?digits)?letters*}; {@link LiteralParser} gives it a type.
   */
  private Token number() {
    int start = pos;
    if (text.charAt(pos) == '-') {
      pos++;
    }
    skipDigits();
    if (pos < text.length() && text.charAt(pos) == '.') {
      pos++;
      if (!skipDigits()) {
        throw FilterErrors.digitExpected(pos, text); // "1." has no fraction digits
      }
    }
    if (pos < text.length()
        && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')
        && exponentFollows(pos + 1)) {
      pos++;
      if (text.charAt(pos) == '+' || text.charAt(pos) == '-') {
        pos++;
      }
      skipDigits();
    }
    while (pos < text.length() && Character.isLetter(text.charAt(pos))) {
      pos++;
    }
    // "12_3" and "1L2" go on as a second token, which the parser then refuses where it stands.
    return new Token(Token.Kind.NUMBER, text.substring(start, pos), null, start, pos);
  }

  private boolean exponentFollows(int at) {
    int i = at;
    if (i < text.length() && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
      i++;
    }
    return i < text.length() && isDigit(text.charAt(i));
  }

  private boolean skipDigits() {
    int start = pos;
    while (pos < text.length() && isDigit(text.charAt(pos))) {
      pos++;
    }
    return pos > start;
  }

  private Token word() {
    int start = pos;
    while (pos < text.length() && isIdentifierPart(text.codePointAt(pos))) {
      pos += Character.charCount(text.codePointAt(pos));
    }
    String word = text.substring(start, pos);
    if (pos < text.length()
        && text.charAt(pos) == '\''
        && TYPE_PREFIXES.contains(word.toLowerCase(Locale.ROOT))) {
      String content = quoted();
      return new Token(Token.Kind.TYPED_LITERAL, content, word, start, pos);
    }
    return new Token(Token.Kind.WORD, word, null, start, pos);
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isIdentifierStart(int cp) {
    return Character.isLetter(cp) || cp == '_';
  }

  private static boolean isIdentifierPart(int cp) {
    return Character.isLetterOrDigit(cp) || cp == '_';
  }
}
