package dev.tabula.protocol.auth;

import com.nimbusds.jwt.JWTClaimsSet;
import dev.tabula.protocol.http.ServiceRequest;
import java.text.ParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Microsoft Entra ID bearer tokens ({@code Authorization: Bearer <JWT>}): the token is checked by
 * {@link BearerTokenVerifier}, its audience here, and its principal gets the roles the {@link
 * RoleAssignments roles file} gives it in the addressed account plus those its {@code roles} claim
 * names. A valid token without any role still authenticates; every operation is then refused with
 * 403 AuthorizationPermissionMismatch, as Azure refuses a principal without a role assignment.
 *
 * <p>The audience is Azure Storage's ({@code https://storage.azure.com}, the resource of the scope
 * {@code https://storage.azure.com/.default} that azure-data-tables asks tokens for) or the
 * account's own endpoint: {@code https://ACCOUNT.table.core.windows.net}, or this server's address
 * as the request names it ({@code https://HOST/ACCOUNT}). A trailing slash is allowed. Thread-safe.
 */
public final class BearerTokenAuthenticator implements RequestAuthenticator {
  /** The scheme's name in the {@code Authorization} header. */
  public static final String SCHEME = "Bearer";

  private static final String STORAGE_AUDIENCE = "https://storage.azure.com";

  private final BearerTokenVerifier verifier;
  private final Supplier<RoleAssignments> assignments;
  private final String challenge;

  /**
   * @param challengeTenant the tenant a client without a token is sent to for one: named in the 401
   *     challenge's {@code authorization_uri}
   */
  public BearerTokenAuthenticator(
      BearerTokenVerifier verifier, RoleAssignments assignments, String challengeTenant) {
    this(verifier, () -> assignments, challengeTenant);
  }

  /**
   * @param assignments the role assignments in force, asked again for each request (a roles file
   *     read again while the server runs)
   * @param challengeTenant the tenant a client without a token is sent to for one: named in the 401
   *     challenge's {@code authorization_uri}
   */
  public BearerTokenAuthenticator(
      BearerTokenVerifier verifier, Supplier<RoleAssignments> assignments, String challengeTenant) {
    this.verifier = Objects.requireNonNull(verifier, "verifier");
    this.assignments = Objects.requireNonNull(assignments, "assignments");
    // The service's challenge, which azure-data-tables' challenge policy reads the tenant from
    // ("Authorize access to tables using Microsoft Entra ID", learn.microsoft.com).
    this.challenge =
        "Bearer authorization_uri=https://login.microsoftonline.com/"
            + challengeTenant
            + "/oauth2/authorize resource_id="
            + STORAGE_AUDIENCE;
  }

  @Override
  public boolean accepts(ServiceRequest request) {
    return AuthorizationHeader.schemeOf(request).map(SCHEME::equalsIgnoreCase).orElse(false);
  }

  /** {@inheritDoc} Not when the keys come from a JWKS URL, which a check may have to fetch. */
  @Override
  public boolean authenticatesWithoutWaiting(ServiceRequest request) {
    return !verifier.fetchesKeys();
  }

  @Override
  public String bearerChallenge() {
    return challenge;
  }

  @Override
  public AuthResult authenticate(ServiceRequest request, String account, String signedPath) {
    AuthorizationHeader header =
        AuthorizationHeader.of(request)
            .orElseThrow(AuthenticationErrors::noAuthenticationInformation);
    JWTClaimsSet claims = verifier.verify(header.parameter());
    if (!audienceMatches(claims.getAudience(), account, request.header("Host"))) {
      throw AuthenticationErrors.authenticationFailed(
          "Audience validation failed. Audience did not match.");
    }
    String principal = principal(claims);
    if (principal == null) {
      throw AuthenticationErrors.authenticationFailed(
          "The token names no principal (oid, appid or azp).");
    }
    List<RoleAssignment> roles = new ArrayList<>(assignments.get().of(account, principal));
    for (String named : rolesClaim(claims)) {
      TableDataRole.named(named).ifPresent(role -> roles.add(new RoleAssignment(role, null)));
    }
    return new AuthResult(account, AuthScheme.BEARER, new RoleGrant(roles));
  }

  private static boolean audienceMatches(
      List<String> audiences, String account, @Nullable String host) {
    for (String audience : audiences) {
      String bare =
          audience.endsWith("/") ? audience.substring(0, audience.length() - 1) : audience;
      if (bare.equalsIgnoreCase(STORAGE_AUDIENCE)
          || bare.equalsIgnoreCase("https://" + account + ".table.core.windows.net")
          || (host != null && bare.equalsIgnoreCase("https://" + host + "/" + account))
          || (host != null
              && host.toLowerCase(Locale.ROOT).startsWith(account.toLowerCase(Locale.ROOT) + ".")
              && bare.equalsIgnoreCase("https://" + host))) {
        return true;
      }
    }
    return false;
  }

  /** The object id of a user or managed identity, else the calling application's id. */
  private static @Nullable String principal(JWTClaimsSet claims) {
    for (String name : new String[] {"oid", "appid", "azp"}) {
      Object value = claims.getClaim(name);
      if (value instanceof String text && !text.isBlank()) {
        return text;
      }
    }
    return null;
  }

  private static List<String> rolesClaim(JWTClaimsSet claims) {
    try {
      List<String> roles = claims.getStringListClaim("roles");
      return roles == null ? List.of() : roles;
    } catch (ParseException e) {
      throw AuthenticationErrors.authenticationFailed("The roles claim is not a list of strings.");
    }
  }
}
