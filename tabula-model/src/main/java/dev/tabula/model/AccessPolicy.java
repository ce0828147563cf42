package dev.tabula.engine;

import java.time.Instant;
import java.util.Objects;

/**
 * One stored access policy of a table, as the catalog keeps it: an identifier that shared access
 * signatures name, and the optional start, expiry and permissions those signatures inherit. The
 * engine stores the fields as given and interprets none of them; validation is the caller's.
 * Immutable.
 *
 * @param id the signed identifier, unique within the table
 * @param start when signatures bound to the policy become valid, or null when the policy leaves it
 *     open
 * @param expiry when they stop being valid, or null
 * @param permission the permission letters, or null
 */
public record AccessPolicy(String id, Instant start, Instant expiry, String permission) {
  public AccessPolicy {
    Objects.requireNonNull(id, "id");
  }
}
