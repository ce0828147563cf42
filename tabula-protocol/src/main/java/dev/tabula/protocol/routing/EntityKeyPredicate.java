package dev.tabula.protocol.routing;

import dev.tabula.model.EntityKey;
import dev.tabula.model.TableErrorCode;

/**
 * Parses the key predicate of an entity URL, {@code (PartitionKey='a',RowKey='b')}, after
 * percent-decoding: each value is an OData string literal in single quotes with {@code ''} for a
 * quote. The two keys may come in either order.
 *
 * <p>A decoded {@code /} or {@code \} in the predicate splits the service's path (it reads a
 * backslash as a slash), so it answers 400 InvalidInput "Bad Request - Error in query syntax."
 * whatever the operation (CloudStub's real-account tests of Replace, Merge, Delete and both
 * upserts, single and in a batch, Execute_WhenPartitionKeyIsInvalid_ThrowsException for "/" and
 * "\"; azure-storage-net issue 386 shows the same text from a batch).
 */
final class EntityKeyPredicate {
  /** The service's text for a URL it cannot parse as a resource path. */
  static final String QUERY_SYNTAX_ERROR = "Bad Request - Error in query syntax.";

  private EntityKeyPredicate() {}

  static EntityKey parse(String args) {
    if (!args.startsWith("(") || !args.endsWith(")")) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    if (args.indexOf('/') >= 0 || args.indexOf('\\') >= 0) {
      throw TableErrorCode.INVALID_INPUT.exception(QUERY_SYNTAX_ERROR);
    }
    String body = args.substring(1, args.length() - 1);
    String partitionKey = null;
    String rowKey = null;
    int pos = 0;
    while (pos < body.length()) {
      int eq = body.indexOf('=', pos);
      if (eq < 0) {
        throw TableErrorCode.INVALID_INPUT.exception();
      }
      String name = body.substring(pos, eq).trim();
      int end = literalEnd(body, eq + 1);
      String value = unquote(body.substring(eq + 1, end).trim());
      if (name.equals("PartitionKey") && partitionKey == null) {
        partitionKey = value;
      } else if (name.equals("RowKey") && rowKey == null) {
        rowKey = value;
      } else {
        throw TableErrorCode.INVALID_INPUT.exception();
      }
      pos = end;
      if (pos < body.length()) {
        if (body.charAt(pos) != ',') {
          throw TableErrorCode.INVALID_INPUT.exception();
        }
        pos++;
      }
    }
    if (partitionKey == null || rowKey == null) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    return new EntityKey(partitionKey, rowKey);
  }

  /** The index just after the quoted literal that starts at or after {@code from}. */
  private static int literalEnd(String body, int from) {
    int i = from;
    while (i < body.length() && body.charAt(i) == ' ') {
      i++;
    }
    if (i >= body.length() || body.charAt(i) != '\'') {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    i++;
    while (i < body.length()) {
      if (body.charAt(i) == '\'') {
        if (i + 1 < body.length() && body.charAt(i + 1) == '\'') {
          i += 2;
          continue;
        }
        return i + 1;
      }
      i++;
    }
    throw TableErrorCode.INVALID_INPUT.exception();
  }

  /** The value of a quoted OData string literal. */
  static String unquote(String literal) {
    if (literal.length() < 2 || literal.charAt(0) != '\'' || !literal.endsWith("'")) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    return literal.substring(1, literal.length() - 1).replace("''", "'");
  }
}
