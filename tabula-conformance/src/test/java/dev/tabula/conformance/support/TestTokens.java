package dev.tabula.conformance.support;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.UUID;
import java.util.function.UnaryOperator;

/**
 * Microsoft Entra ID-shaped access tokens minted by the test: its own RSA key, whose public half is
 * the JWKS file the server is given, and a stranger's key the server does not know. Claims as Entra
 * ID's v1 tokens for Azure Storage carry them (aud, iss, nbf, exp, oid, tid).
 */
public final class TestTokens {
  /** The tenant the server is configured with. */
  public static final String TENANT = "72f988bf-86f1-41af-91ab-2d7cd011db47";

  private final RSAKey key;
  private final RSAKey stranger;
  private final Path jwksFile;

  private TestTokens(RSAKey key, RSAKey stranger, Path jwksFile) {
    this.key = key;
    this.stranger = stranger;
    this.jwksFile = jwksFile;
  }

  /** New keys; the JWKS file (the public key only) is written into {@code dir}. */
  public static TestTokens create(Path dir) {
    try {
      RSAKey key = new RSAKeyGenerator(2048).keyID("test-key").generate();
      RSAKey stranger = new RSAKeyGenerator(2048).keyID("test-key").generate();
      Path jwks = dir.resolve("jwks.json");
      Files.writeString(jwks, new JWKSet(key.toPublicJWK()).toString());
      return new TestTokens(key, stranger, jwks);
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The JSON Web Key Set file the server checks signatures with. */
  public Path jwksFile() {
    return jwksFile;
  }

  /**
   * Claims of a valid token for {@code principal} (its {@code oid}): audience Azure Storage, issuer
   * the configured tenant's v1 issuer, valid from a minute ago for an hour.
   */
  public static JWTClaimsSet.Builder claims(String principal) {
    Instant now = Instant.now();
    return new JWTClaimsSet.Builder()
        .audience("https://storage.azure.com")
        .issuer("https://sts.windows.net/" + TENANT + "/")
        .issueTime(Date.from(now.minus(Duration.ofMinutes(1))))
        .notBeforeTime(Date.from(now.minus(Duration.ofMinutes(1))))
        .expirationTime(Date.from(now.plus(Duration.ofHours(1))))
        .claim("oid", principal)
        .claim("tid", TENANT)
        .jwtID(UUID.randomUUID().toString());
  }

  /** A token for {@code principal}, signed with the server's key. */
  public String signed(String principal) {
    return signed(principal, UnaryOperator.identity());
  }

  /** A token for {@code principal} with its claims changed by {@code change}, signed. */
  public String signed(String principal, UnaryOperator<JWTClaimsSet.Builder> change) {
    return sign(key, change.apply(claims(principal)).build());
  }

  /** A token signed with a key the server does not know (same key id). */
  public String signedByStranger(String principal) {
    return sign(stranger, claims(principal).build());
  }

  /** An unsigned ({@code alg: none}) token for {@code principal}. */
  public static String unsigned(String principal) {
    return new PlainJWT(claims(principal).build()).serialize();
  }

  /** A token with {@code claims}, signed by {@code with} and naming its key id. */
  public static String sign(RSAKey with, JWTClaimsSet claims) {
    try {
      SignedJWT jwt =
          new SignedJWT(
              new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(with.getKeyID()).build(), claims);
      jwt.sign(new RSASSASigner(with));
      return jwt.serialize();
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }
}
