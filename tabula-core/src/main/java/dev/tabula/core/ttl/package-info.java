/**
 * Time-to-live (issue 24, docs/extensions.md): the client's {@code TabulaExpiresAt} as the stored
 * internal expiry and back, the filter that hides expired entities from every read, and the
 * background sweeper that reclaims their space.
 */
@NullMarked
package dev.tabula.core.ttl;

import org.jspecify.annotations.NullMarked;
