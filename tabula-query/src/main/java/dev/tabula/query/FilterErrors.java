package dev.tabula.query;

import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;

/**
 * The service's answers to filters it rejects. The service parses {@code $filter} with ODataLib
 * (its Int32 overflow message, quoted below, is ODataLib's {@code UriQueryExpressionParser} text)
 * and then translates the tree to its own query engine: text that does not parse is 400
 * InvalidInput; a tree that parses but uses what the engine lacks (functions, arithmetic,
 * property-to-property or constant-only comparisons) is 501 NotImplemented
 * (Azure/azure-sdk-for-js#19494 for {@code startswith}; the comment in Azurite's
 * table.entity.query.test.ts for {@code (1 === 1)}).
 */
final class FilterErrors {
  private FilterErrors() {}

  /**
   * Text that is not a filter, where no more precise message is known: 400 InvalidInput with the
   * service's generic message.
   */
  static TableException syntax() {
    return TableErrorCode.INVALID_INPUT.exception();
  }

  /**
   * A complete expression followed by more text: 400 InvalidInput "Syntax error at position N in
   * '…'.", N being the offset just after the first token that does not belong (ODataLib's {@code
   * ExpressionLexer.ValidateToken(End)} reports its lexer's position there). Two answers of the
   * service fix both the text and the position: {@code property1 eq 1'invalid'} gives position 23,
   * the end of {@code 'invalid'} (CloudStub TableClientQueryTests,
   * Query_WhenUsingAnInvalidFilter_ThrowsException, real account), and {@code
   * 2019-03-20T21:13:35.0173879Z} gives position 7, the end of the token {@code -03}
   * (MicrosoftDocs/azure-docs#27658).
   */
  static TableException syntaxAt(int position, String text) {
    return invalid("Syntax error at position " + position + " in '" + text + "'.");
  }

  /**
   * No operand where one belongs ({@code A eq}, {@code ()}): ODataLib's "Expression expected at
   * position N in '…'.", N being where the offending token starts (the end of the text for a
   * missing one). The service's text for this case was not captured; ODataLib is the parser its
   * other messages come from.
   */
  static TableException expressionExpected(int position, String text) {
    return invalid("Expression expected at position " + position + " in '" + text + "'.");
  }

  /** An unclosed parenthesis: ODataLib's "')' or operator expected at position N in '…'." */
  static TableException closeParenOrOperatorExpected(int position, String text) {
    return invalid("')' or operator expected at position " + position + " in '" + text + "'.");
  }

  /** An unclosed argument list: ODataLib's "')' or ',' expected at position N in '…'." */
  static TableException closeParenOrCommaExpected(int position, String text) {
    return invalid("')' or ',' expected at position " + position + " in '" + text + "'.");
  }

  /** A string without its closing quote: ODataLib's message, at the end of the text. */
  static TableException unterminatedString(String text) {
    return invalid(
        "There is an unterminated string literal at position "
            + text.length()
            + " in '"
            + text
            + "'.");
  }

  /**
   * A character no token starts with ({@code "}, {@code /}, {@code @}, ...): ODataLib's message.
   */
  static TableException invalidCharacter(char c, int position, String text) {
    return invalid(
        "Syntax error: character '"
            + c
            + "' is not valid at position "
            + position
            + " in '"
            + text
            + "'.");
  }

  /** A number whose fraction has no digit ({@code 1.}): ODataLib's message. */
  static TableException digitExpected(int position, String text) {
    return invalid("A digit was expected at position " + position + " in '" + text + "'.");
  }

  private static TableException invalid(String message) {
    return TableErrorCode.INVALID_INPUT.exception(message);
  }

  /**
   * A filter whose value is not a boolean, such as {@code $filter=1}: the service's text, captured
   * in Azure/Azurite#1185.
   */
  static TableException notBoolean() {
    return TableErrorCode.INVALID_INPUT.exception(
        "The $filter expression must evaluate to a single boolean value.");
  }

  /**
   * A number that does not fit its type, such as {@code 5454161346626} without {@code L}: the
   * service's text, captured in Azure/azure-storage-node#316 and AzureStorageExplorer#1382.
   */
  static TableException unrecognizedLiteral(String edmType, String text) {
    return TableErrorCode.INVALID_INPUT.exception(
        "Unrecognized '" + edmType + "' literal '" + text + "'");
  }

  /**
   * {@code startswith} (Tabula's extension) with operands other than a property and a string
   * constant: 400 InvalidInput, as for a filter that is not boolean. The service has no such
   * function to copy; InvalidInput is its answer to a filter whose operands do not type-check.
   */
  static TableException startsWithOperands() {
    return TableErrorCode.INVALID_INPUT.exception(
        "startswith takes a property and a string constant: startswith(RowKey,'prefix').");
  }

  /** Valid OData the service's query engine does not run: 501 NotImplemented. */
  static TableException notImplemented() {
    return TableErrorCode.NOT_IMPLEMENTED.exception();
  }

  /**
   * More than {@link FilterParser#MAX_COMPARISONS} comparisons. The limit is documented ("Note that
   * no more than 15 discrete comparisons are permitted within a $filter string", Query Entities);
   * no capture of the service's answer was found, so Tabula answers as for any request input the
   * service will not take: 400 InvalidInput.
   */
  static TableException tooManyComparisons() {
    return TableErrorCode.INVALID_INPUT.exception();
  }
}
