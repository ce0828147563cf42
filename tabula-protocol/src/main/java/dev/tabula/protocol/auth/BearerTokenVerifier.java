package dev.tabula.protocol.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.EncryptedJWT;
import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.JWTParser;
import com.nimbusds.jwt.proc.BadJWTException;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import com.nimbusds.jwt.proc.ExpiredJWTException;
import dev.tabula.model.TableException;
import java.text.ParseException;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Checks a Microsoft Entra ID access token with nimbus-jose-jwt: its signature against the
 * configured keys (or, in development mode only, no signature at all), its issuer among the
 * configured tenants, and its lifetime ({@code exp}, {@code nbf}) with five minutes of clock skew,
 * Microsoft.IdentityModel's default ({@code TokenValidationParameters.DefaultClockSkew}). The
 * audience depends on the account addressed, so {@link BearerTokenAuthenticator} checks it.
 *
 * <p>A refusal is the service's 403 AuthenticationFailed with the service's detail: an expired
 * token's answer from Azure Storage reads "AuthenticationErrorDetail: Lifetime validation failed.
 * The token is expired." (Azure/azure-sdk-for-java issue 8667); Azurite answers the same
 * (src/table/authentication/TableTokenAuthenticator.ts). The token itself is never quoted. While
 * the keys cannot be fetched from a JWKS URL the answer is 503 ServerBusy instead ({@link
 * BearerKeysOutage}). Thread-safe.
 */
public final class BearerTokenVerifier {
  /** Microsoft.IdentityModel's default clock skew, which Entra ID token validation applies. */
  static final Duration CLOCK_SKEW = Duration.ofMinutes(5);

  /** Entra ID signs access tokens with RS256; the rest of the RSA family costs nothing to allow. */
  private static final Set<JWSAlgorithm> ALGORITHMS = Set.copyOf(JWSAlgorithm.Family.RSA);

  private final @Nullable DefaultJWTProcessor<SecurityContext> signatures;
  private final Set<String> issuers;
  private final DefaultJWTClaimsVerifier<SecurityContext> lifetime;
  private final boolean fetchesKeys;
  private final BearerKeysOutage outage = new BearerKeysOutage();

  private BearerTokenVerifier(
      @Nullable DefaultJWTProcessor<SecurityContext> signatures,
      Collection<String> tenants,
      boolean fetchesKeys) {
    if (tenants.isEmpty()) {
      throw new IllegalArgumentException("at least one tenant is needed");
    }
    this.signatures = signatures;
    this.fetchesKeys = fetchesKeys;
    Set<String> accepted = new LinkedHashSet<>();
    for (String tenant : tenants) {
      accepted.addAll(issuersOf(tenant));
    }
    this.issuers = Set.copyOf(accepted);
    this.lifetime = new DefaultJWTClaimsVerifier<>(null, null, Set.of("exp", "iss", "aud"), null);
    this.lifetime.setMaxClockSkew((int) CLOCK_SKEW.toSeconds());
  }

  /**
   * Tokens signed by one of {@code keys}, issued by one of {@code tenants}.
   *
   * @param fetchesKeys whether {@code keys} may fetch them over the network (a JWKS URL): then a
   *     token is never checked on a network event loop
   */
  public static BearerTokenVerifier signed(
      JWKSource<SecurityContext> keys, Collection<String> tenants, boolean fetchesKeys) {
    DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
    processor.setJWSKeySelector(new JWSVerificationKeySelector<>(ALGORITHMS, keys));
    processor.setJWTClaimsSetVerifier(null); // the claims are checked below, in both modes
    return new BearerTokenVerifier(processor, tenants, fetchesKeys);
  }

  /**
   * Development mode, as Azurite's {@code --oauth basic}: the signature is not checked at all (an
   * unsigned {@code alg: none} token passes), the claims are. Never for a server others can reach.
   */
  public static BearerTokenVerifier unsigned(Collection<String> tenants) {
    return new BearerTokenVerifier(null, tenants, false);
  }

  /** Whether signatures are checked. */
  public boolean checksSignatures() {
    return signatures != null;
  }

  /** Whether checking a token may wait for the network (keys fetched from a JWKS URL). */
  boolean fetchesKeys() {
    return fetchesKeys;
  }

  /** The two issuers of a tenant's tokens: v1 ({@code sts.windows.net}) and v2. */
  static Set<String> issuersOf(String tenant) {
    return Set.of(
        "https://sts.windows.net/" + tenant + "/",
        "https://login.microsoftonline.com/" + tenant + "/v2.0");
  }

  /**
   * The token's claims once its signature, issuer and lifetime pass.
   *
   * @throws TableException 403 AuthenticationFailed saying which check failed
   */
  JWTClaimsSet verify(String token) {
    JWTClaimsSet claims = signatureChecked(token);
    try {
      lifetime.verify(claims, null);
    } catch (ExpiredJWTException e) {
      throw AuthenticationErrors.authenticationFailed(
          "Lifetime validation failed. The token is expired.");
    } catch (BadJWTException e) {
      // Missing exp, iss or aud, or a token not valid yet ("JWT before use time"): the library's
      // words name the claim and hold nothing secret.
      throw AuthenticationErrors.authenticationFailed(
          "Lifetime validation failed. " + e.getMessage());
    }
    if (!issuers.contains(claims.getIssuer())) {
      throw AuthenticationErrors.authenticationFailed(
          "Issuer validation failed. Issuer did not match.");
    }
    return claims;
  }

  private JWTClaimsSet signatureChecked(String token) {
    try {
      if (signatures != null) {
        JWTClaimsSet claims = signatures.process(token, null);
        outage.available();
        return claims;
      }
      JWT parsed = JWTParser.parse(token);
      if (parsed instanceof EncryptedJWT) {
        throw AuthenticationErrors.authenticationFailed("Encrypted tokens are not supported.");
      }
      return parsed.getJWTClaimsSet();
    } catch (ParseException e) {
      throw AuthenticationErrors.authenticationFailed("The access token is not a well-formed JWT.");
    } catch (KeySourceException e) {
      throw outage.unavailable(e);
    } catch (BadJOSEException | JOSEException e) {
      throw AuthenticationErrors.authenticationFailed("Signature validation failed.");
    }
  }
}
