package dev.tabula.protocol.auth;

import java.util.Objects;

/**
 * What a successful authentication proved: the request was signed for {@code account} with {@code
 * scheme}, and what the signature grants.
 *
 * @param account the authenticated account
 * @param scheme the scheme that proved it
 * @param grant what the request may do: everything for Shared Key, the signature's terms for a SAS
 */
public record AuthResult(String account, AuthScheme scheme, AccessGrant grant) {
  public AuthResult {
    Objects.requireNonNull(account, "account");
    Objects.requireNonNull(scheme, "scheme");
    Objects.requireNonNull(grant, "grant");
  }

  /** The account owner, proven by a Shared Key scheme: every operation is granted. */
  public AuthResult(String account, AuthScheme scheme) {
    this(account, scheme, AccessGrant.OWNER);
  }
}
