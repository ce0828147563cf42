/**
 * Cross-origin resource sharing as the Table service does it: preflight {@code OPTIONS} requests
 * answered from the account's CORS rules without authentication, and the {@code Access-Control-*}
 * and {@code Vary} headers added to every other response (learn.microsoft.com "CORS support for the
 * Azure Storage services", "Preflight Table Request").
 */
@NullMarked
package dev.tabula.protocol.cors;

import org.jspecify.annotations.NullMarked;
