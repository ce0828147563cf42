package dev.tabula.protocol.batch;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** The HTTP response of one operation inside a batch response: status, headers in order, body. */
record PartResponse(int status, Map<String, String> headers, byte[] body) {
  private static final byte[] EMPTY = new byte[0];

  PartResponse {
    headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    body = body == null ? EMPTY : body;
  }

  /** The reason phrase the service writes after the status code. */
  String reasonPhrase() {
    return switch (status) {
      case 200 -> "OK";
      case 201 -> "Created";
      case 204 -> "No Content";
      case 400 -> "Bad Request";
      case 403 -> "Forbidden";
      case 404 -> "Not Found";
      case 405 -> "Method Not Allowed";
      case 409 -> "Conflict";
      case 411 -> "Length Required";
      case 412 -> "Precondition Failed";
      case 413 -> "Request Entity Too Large";
      case 415 -> "Unsupported Media Type";
      case 501 -> "Not Implemented";
      case 503 -> "Service Unavailable";
      default -> status >= 500 ? "Internal Server Error" : "Error";
    };
  }
}
