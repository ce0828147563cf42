package dev.tabula.protocol;

import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.routing.Resource;
import java.util.Set;

/**
 * The read-only secondary endpoint of read-access geo-redundant storage ({@code
 * {account}-secondary}): it serves the account's reads and refuses every write. Tabula keeps one
 * copy of the data, so a read there sees what the primary sees, as a replica that is never behind.
 */
final class SecondaryEndpoint {
  /** The effective methods that only read; anything else writes, a {@code $batch} included. */
  private static final Set<String> READS = Set.of("GET", "HEAD");

  private SecondaryEndpoint() {}

  /**
   * Refuses a write through the secondary endpoint: 403 InsufficientAccountPermissions "Write
   * operations are not allowed.", the text the service's list of common error codes gives for a
   * write it does not allow (learn.microsoft.com "Common REST API error codes"). No record of a
   * real account shows the answer to a write on the secondary; this is the documented code whose
   * text fits it. Checked after authentication, like every other refusal of an operation.
   *
   * @param method the effective method
   */
  static void check(Resource resource, String method) {
    if (resource.secondary() && !READS.contains(method)) {
      throw TableErrorCode.INSUFFICIENT_ACCOUNT_PERMISSIONS.exception(
          "Write operations are not allowed.");
    }
  }
}
