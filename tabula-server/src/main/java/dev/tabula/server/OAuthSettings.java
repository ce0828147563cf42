package dev.tabula.server;

import dev.tabula.protocol.auth.BearerKeys;
import dev.tabula.protocol.auth.BearerTokenVerifier;
import dev.tabula.protocol.auth.RoleAssignments;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Whether the server takes Microsoft Entra ID bearer tokens, and how it checks them (see
 * docs/oauth.md).
 *
 * @param verifier checks a token's signature, issuer and lifetime; null when bearer tokens are off
 * @param roles who holds which role in which account
 * @param challengeTenant the tenant named in the 401 challenge: the first configured one
 * @param rolesFile the roles file {@code roles} were read from, read again while the server runs;
 *     null without one
 */
public record OAuthSettings(
    @Nullable BearerTokenVerifier verifier,
    RoleAssignments roles,
    String challengeTenant,
    @Nullable RolesFile rolesFile) {

  /** Bearer tokens are refused as before: the default. */
  public static final OAuthSettings DISABLED =
      new OAuthSettings(null, RoleAssignments.NONE, "common", null);

  public OAuthSettings {
    Objects.requireNonNull(roles, "roles");
    Objects.requireNonNull(challengeTenant, "challengeTenant");
  }

  /** Whether bearer tokens are taken. */
  public boolean enabled() {
    return verifier != null;
  }

  /** Whether tokens pass without their signature checked (development mode). */
  public boolean unsigned() {
    return verifier != null && !verifier.checksSignatures();
  }

  /**
   * Tokens signed by the keys at {@code jwks} (a file or an https URL), or, with {@code
   * devUnsigned}, not checked for a signature at all.
   *
   * @param tenants the tenant ids whose tokens are taken; at least one
   * @param roles the role assignments ({@link #readRoles}, or {@link #withRolesFile} for a file
   *     read again when it changes); {@link RoleAssignments#NONE} leaves granting to the tokens'
   *     {@code roles} claims
   * @throws IllegalArgumentException when a value or file cannot be used; says which
   */
  public static OAuthSettings of(
      @Nullable String jwks, List<String> tenants, RoleAssignments roles, boolean devUnsigned) {
    if (tenants.isEmpty()) {
      throw new IllegalArgumentException(
          "bearer tokens need --oauth-tenant: the tenant ids whose tokens are taken");
    }
    if (jwks != null && devUnsigned) {
      throw new IllegalArgumentException(
          "--oauth-jwks and --oauth-dev-unsigned exclude each other: choose whether signatures"
              + " are checked");
    }
    BearerTokenVerifier verifier =
        devUnsigned
            ? BearerTokenVerifier.unsigned(tenants)
            : BearerTokenVerifier.signed(
                BearerKeys.from(Objects.requireNonNull(jwks)), tenants, BearerKeys.isUrl(jwks));
    return new OAuthSettings(verifier, roles, tenants.get(0), null);
  }

  /** These settings with the roles of {@code file}, which is read again when it changes. */
  public OAuthSettings withRolesFile(RolesFile file) {
    return new OAuthSettings(verifier, file.assignments(), challengeTenant, file);
  }

  /**
   * The roles file's assignments.
   *
   * @throws IllegalArgumentException when it cannot be read, naming the file and the bad line
   */
  public static RoleAssignments readRoles(Path rolesFile) {
    return RolesFile.read(rolesFile).assignments();
  }
}
