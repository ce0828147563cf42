package dev.tabula.model;

import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One stored access policy of a table (a signed identifier of Set Table ACL): an identifier that
 * shared access signatures name, and the optional start, expiry and permissions those signatures
 * inherit. A plain value of the service's vocabulary: engines store the fields as given and
 * interpret none of them; validation is the service's (core's AccessPolicyService). Immutable.
 *
 * @param id the signed identifier, unique within the table
 * @param start when signatures bound to the policy become valid, or null when the policy leaves it
 *     open
 * @param expiry when they stop being valid, or null
 * @param permission the permission letters, or null
 */
public record AccessPolicy(
    String id, @Nullable Instant start, @Nullable Instant expiry, @Nullable String permission) {
  public AccessPolicy {
    Objects.requireNonNull(id, "id");
  }
}
