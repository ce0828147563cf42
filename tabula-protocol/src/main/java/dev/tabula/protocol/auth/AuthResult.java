package dev.tabula.protocol.auth;

import java.util.Objects;

/**
 * What a successful authentication proved: the request was signed for {@code account} with {@code
 * scheme}. SAS strategies will add what the signature grants (permissions, key ranges).
 *
 * @param account the authenticated account
 * @param scheme the scheme that proved it
 */
public record AuthResult(String account, AuthScheme scheme) {
  public AuthResult {
    Objects.requireNonNull(account, "account");
    Objects.requireNonNull(scheme, "scheme");
  }
}
