package dev.tabula.query;

import dev.tabula.model.EdmValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A recursive-descent parser of OData v3 {@code $filter} text into {@link Syntax}, with ODataLib's
 * precedence (lowest first): {@code or}; {@code and}; the comparisons {@code eq ne gt ge lt le}
 * (one level, left-associative); {@code add sub}; {@code mul div mod}; {@code not}; then primaries
 * (parentheses, literals, properties, calls). As in OData, {@code not} binds tighter than a
 * comparison, so {@code not A eq 1} means {@code (not A) eq 1}; write {@code not (A eq 1)}.
 *
 * <p>Keywords are case-sensitive: the docs say "All parts of the filter string are case-sensitive"
 * (Querying tables and entities), and the service rejects {@code Or} as a syntax error
 * (Azure/Azurite#2512) although Azurite lower-cases keywords. {@code True} is therefore a property
 * name, not a boolean.
 */
final class FilterSyntaxParser {
  /** Deeper nesting than any real filter; stops hostile input from exhausting the stack. */
  private static final int MAX_DEPTH = 100;

  private static final Set<String> COMPARISONS = Set.of("eq", "ne", "gt", "ge", "lt", "le");
  private static final Set<String> ADDITIVE = Set.of("add", "sub");
  private static final Set<String> MULTIPLICATIVE = Set.of("mul", "div", "mod");
  private static final Set<String> KEYWORDS =
      Set.of(
          "and", "or", "not", "eq", "ne", "gt", "ge", "lt", "le", "add", "sub", "mul", "div", "mod",
          "true", "false", "null");

  private final FilterLexer lexer;

  /** The next token not yet consumed (ODataLib's {@code CurrentToken}). */
  private Token current;

  private int depth;

  private FilterSyntaxParser(FilterLexer lexer) {
    this.lexer = lexer;
    this.current = lexer.next();
  }

  /**
   * Parses the whole text; 400 InvalidInput when it is not a filter expression. Text left after a
   * complete expression is the service's "Syntax error at position N" (see {@link
   * FilterErrors#syntaxAt}).
   */
  static Syntax parse(String text) {
    FilterSyntaxParser parser = new FilterSyntaxParser(new FilterLexer(text));
    Syntax tree = parser.expression();
    if (parser.peek().kind() != Token.Kind.END) {
      throw FilterErrors.syntaxAt(parser.peek().end(), text);
    }
    return tree;
  }

  private Syntax expression() {
    if (++depth > MAX_DEPTH) {
      throw FilterErrors.syntax();
    }
    Syntax tree = or();
    depth--;
    return tree;
  }

  private Syntax or() {
    Syntax left = and();
    while (peek().isWord("or")) {
      advance();
      left = new Syntax.Binary("or", left, and());
    }
    return left;
  }

  private Syntax and() {
    Syntax left = comparison();
    while (peek().isWord("and")) {
      advance();
      left = new Syntax.Binary("and", left, comparison());
    }
    return left;
  }

  private Syntax comparison() {
    Syntax left = additive();
    while (isOneOf(peek(), COMPARISONS)) {
      String op = advance().text();
      left = new Syntax.Binary(op, left, additive());
    }
    return left;
  }

  private Syntax additive() {
    Syntax left = multiplicative();
    while (isOneOf(peek(), ADDITIVE)) {
      String op = advance().text();
      left = new Syntax.Binary(op, left, multiplicative());
    }
    return left;
  }

  private Syntax multiplicative() {
    Syntax left = unary();
    while (isOneOf(peek(), MULTIPLICATIVE)) {
      String op = advance().text();
      left = new Syntax.Binary(op, left, unary());
    }
    return left;
  }

  private Syntax unary() {
    if (peek().isWord("not")) {
      advance();
      if (++depth > MAX_DEPTH) {
        throw FilterErrors.syntax();
      }
      Syntax operand = unary();
      depth--;
      return new Syntax.Not(operand);
    }
    return primary();
  }

  private Syntax primary() {
    Token token = peek();
    switch (token.kind()) {
      case OPEN_PAREN:
        advance();
        Syntax inner = expression();
        if (peek().kind() != Token.Kind.CLOSE_PAREN) {
          throw FilterErrors.closeParenOrOperatorExpected(peek().position(), lexer.text());
        }
        advance();
        return inner;
      case WORD:
        advance();
        return word(token);
      case STRING:
      case NUMBER:
      case TYPED_LITERAL:
        // The literal is read before the next token, as ODataLib does: its error comes first.
        Syntax literal = literal(token);
        advance();
        return literal;
      default: // END, CLOSE_PAREN, COMMA
        throw FilterErrors.expressionExpected(token.position(), lexer.text());
    }
  }

  private static Syntax literal(Token token) {
    switch (token.kind()) {
      case STRING:
        return new Syntax.Literal(new EdmValue.EdmString(token.text()));
      case NUMBER:
        return new Syntax.Literal(LiteralParser.number(token.text()));
      default:
        // Only a typed literal (datetime'...', guid'...', X'...') is left, and it has its prefix.
        return new Syntax.Literal(
            LiteralParser.typed(Objects.requireNonNull(token.prefix()), token.text()));
    }
  }

  private Syntax word(Token token) {
    switch (token.text()) {
      case "true":
        return new Syntax.Literal(new EdmValue.EdmBoolean(true));
      case "false":
        return new Syntax.Literal(new EdmValue.EdmBoolean(false));
      case "null":
        return new Syntax.Null();
      default:
        break;
    }
    if (KEYWORDS.contains(token.text())) {
      throw FilterErrors.syntax(); // an operator where an operand belongs: "eq eq", "and and"
    }
    if (peek().kind() == Token.Kind.OPEN_PAREN) {
      advance();
      return new Syntax.Call(token.text(), arguments());
    }
    return new Syntax.Identifier(token.text());
  }

  /** The arguments of a call after its {@code (}, through the {@code )}. */
  private List<Syntax> arguments() {
    List<Syntax> arguments = new ArrayList<>();
    if (peek().kind() != Token.Kind.CLOSE_PAREN) {
      arguments.add(expression());
      while (peek().kind() == Token.Kind.COMMA) {
        advance();
        arguments.add(expression());
      }
    }
    if (peek().kind() != Token.Kind.CLOSE_PAREN) {
      throw FilterErrors.closeParenOrCommaExpected(peek().position(), lexer.text());
    }
    advance();
    return arguments;
  }

  private Token peek() {
    return current;
  }

  /**
   * Consumes the current token and returns it; reads the next one (ODataLib's {@code NextToken}).
   */
  private Token advance() {
    Token consumed = current;
    current = lexer.next();
    return consumed;
  }

  private static boolean isOneOf(Token token, Set<String> words) {
    return token.kind() == Token.Kind.WORD && words.contains(token.text());
  }
}
