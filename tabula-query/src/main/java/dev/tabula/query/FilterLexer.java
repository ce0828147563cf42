package dev.tabula.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Splits filter text into tokens, following ODataLib's lexer, which the service uses: words
 * (identifiers and keywords), single-quoted strings with {@code ''} for a quote, numbers with an
 * optional sign, fraction, exponent and type suffix, typed literals ({@code datetime'…'},
 * {@code guid'…'}, {@code binary'…'}, {@code X'…'}), parentheses and commas. Whitespace separates
 * tokens but is only needed between words, so {@code (a eq 1)and(b eq 2)} lexes as SDKs send it.
 * Double quotes are not string delimiters in OData (Azurite accepts them; the service's ODataLib
 * does not), so they are a syntax error.
 */
final class FilterLexer {
  /**
   * Prefixes that make a quoted string a typed literal. ODataLib compares them ignoring case
   * (WCF Data Services' {@code TryRemoveLiteralPrefix}), and the Python SDK writes {@code X'…'}.
   * The OData types the Table service does not store ({@code datetimeoffset}, {@code time}) are
   * not typed literals here, so they fail to parse, as a word followed by a string.
   */
  private static final Set<String> TYPE_PREFIXES = Set.of("datetime", "guid", "binary", "x");

  private final String text;
  private int pos;

  private FilterLexer(String text) {
    this.text = text;
  }

  /** The tokens of {@code text}, ending with {@link Token.Kind#END}; 400 InvalidInput when it cannot be split. */
  static List<Token> tokenize(String text) {
    FilterLexer lexer = new FilterLexer(text);
    List<Token> tokens = new ArrayList<>();
    Token token;
    do {
      token = lexer.next();
      tokens.add(token);
    } while (token.kind() != Token.Kind.END);
    return tokens;
  }

  private Token next() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
    int start = pos;
    if (pos >= text.length()) {
      return new Token(Token.Kind.END, "", null, start);
    }
    char c = text.charAt(pos);
    switch (c) {
      case '(':
        pos++;
        return new Token(Token.Kind.OPEN_PAREN, "(", null, start);
      case ')':
        pos++;
        return new Token(Token.Kind.CLOSE_PAREN, ")", null, start);
      case ',':
        pos++;
        return new Token(Token.Kind.COMMA, ",", null, start);
      case '\'':
        return new Token(Token.Kind.STRING, quoted(), null, start);
      default:
        break;
    }
    if (isDigit(c) || (c == '-' && pos + 1 < text.length() && isDigit(text.charAt(pos + 1)))) {
      return number();
    }
    if (isIdentifierStart(text.codePointAt(pos))) {
      return word();
    }
    throw FilterErrors.syntax();
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
    throw FilterErrors.syntax(); // unterminated string
  }

  /** {@code -?digits(.digits)?([eE][+-]?digits)?letters*}; {@link LiteralParser} gives it a type. */
  private Token number() {
    int start = pos;
    if (text.charAt(pos) == '-') {
      pos++;
    }
    skipDigits();
    if (pos < text.length() && text.charAt(pos) == '.') {
      pos++;
      if (!skipDigits()) {
        throw FilterErrors.syntax(); // "1." has no fraction digits
      }
    }
    if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')
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
    if (pos < text.length() && isIdentifierPart(text.codePointAt(pos))) {
      throw FilterErrors.syntax(); // "12_3", "1L2"
    }
    return new Token(Token.Kind.NUMBER, text.substring(start, pos), null, start);
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
    if (pos < text.length() && text.charAt(pos) == '\''
        && TYPE_PREFIXES.contains(word.toLowerCase(Locale.ROOT))) {
      return new Token(Token.Kind.TYPED_LITERAL, quoted(), word, start);
    }
    return new Token(Token.Kind.WORD, word, null, start);
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
