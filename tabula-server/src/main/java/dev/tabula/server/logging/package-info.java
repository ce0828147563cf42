/**
 * The server's logging, on Logback (set up by {@link
 * dev.tabula.server.logging.ShippedLogConfiguration}, docs/logging.md): the {@code --log-level} of
 * Tabula's loggers ({@link dev.tabula.server.logging.LogLevel}) and the access log ({@link
 * dev.tabula.server.logging.AccessLog}), one line per answered request, plain or JSON.
 */
@NullMarked
package dev.tabula.server.logging;

import org.jspecify.annotations.NullMarked;
