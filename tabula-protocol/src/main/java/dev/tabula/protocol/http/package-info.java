/**
 * The HTTP request and response as the protocol layer sees them, independent of the transport:
 * headers, query string, percent-decoding, dates and request ids.
 */
@NullMarked
package dev.tabula.protocol.http;

import org.jspecify.annotations.NullMarked;
