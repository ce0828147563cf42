package dev.tabula.tools.client;

import java.nio.charset.StandardCharsets;

/**
 * Reads a {@code 202} answer to an entity group transaction: applied when every part's status is
 * 2xx; otherwise the failing part (the only one the service sends then) with its code, and the
 * operation index that prefixes its message ({@code "3:The specified entity already exists."}).
 */
public final class BatchAnswer {
  private BatchAnswer() {}

  /** What became of the transaction whose 202 answer is {@code body}. */
  public static BatchOutcome read(byte[] body, int attempts) {
    String text = new String(body, StandardCharsets.ISO_8859_1);
    int at = 0;
    while ((at = text.indexOf("HTTP/1.1 ", at)) >= 0) {
      int status = status(text, at + "HTTP/1.1 ".length());
      if (status >= 300) {
        return failure(body, text, at, status, attempts);
      }
      at += "HTTP/1.1 ".length();
    }
    return BatchOutcome.success(attempts);
  }

  private static int status(String text, int from) {
    try {
      return Integer.parseInt(text.substring(from, Math.min(text.length(), from + 3)));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static BatchOutcome failure(byte[] body, String text, int at, int status, int attempts) {
    int json = text.indexOf('{', at);
    int next = text.indexOf("\r\n--", at);
    int end = next < 0 ? body.length : next;
    ErrorBody error =
        json < 0 || json > end
            ? new ErrorBody(null, "(no message)")
            : ErrorBody.parse(body, json, end - json);
    String message = error.message();
    int index = -1;
    int colon = message.indexOf(':');
    if (colon > 0 && message.substring(0, colon).chars().allMatch(Character::isDigit)) {
      index = Integer.parseInt(message.substring(0, colon));
      message = message.substring(colon + 1);
    }
    return new BatchOutcome(false, index, status, error.code(), message, attempts);
  }
}
