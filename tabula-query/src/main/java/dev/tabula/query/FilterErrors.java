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

  /** Text that is not a filter: 400 InvalidInput with the service's generic message. */
  static TableException syntax() {
    return TableErrorCode.INVALID_INPUT.exception();
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
