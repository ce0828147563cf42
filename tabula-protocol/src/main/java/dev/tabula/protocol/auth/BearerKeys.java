package dev.tabula.protocol.auth;

import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.SecurityContext;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.nio.file.Path;
import java.text.ParseException;

/**
 * The keys bearer tokens are signed with, as a JSON Web Key Set: a file read once, or an {@code
 * https} URL (Entra ID's is {@code https://login.microsoftonline.com/TENANT/discovery/v2.0/keys})
 * that nimbus-jose-jwt fetches on first use, caches, refreshes before expiry and fetches again when
 * a token names a key it does not know (Entra ID rolls its keys).
 */
public final class BearerKeys {
  private BearerKeys() {}

  /** Whether {@code location} is a URL, whose keys are fetched over the network. */
  public static boolean isUrl(String location) {
    return location.regionMatches(true, 0, "https://", 0, 8);
  }

  /**
   * @param location a file path, or an {@code https://} URL
   * @throws IllegalArgumentException when the file cannot be read as a JWKS, or the URL is not
   *     {@code https}
   */
  public static JWKSource<SecurityContext> from(String location) {
    if (location.regionMatches(true, 0, "http://", 0, 7)) {
      throw new IllegalArgumentException("a JWKS URL must be https: " + location);
    }
    if (isUrl(location)) {
      return JWKSourceBuilder.<SecurityContext>create(url(location)).build();
    }
    try {
      return new ImmutableJWKSet<>(JWKSet.load(Path.of(location).toFile()));
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read the JWKS file " + location + ": " + e, e);
    } catch (ParseException e) {
      throw new IllegalArgumentException(
          "the JWKS file " + location + " is not a JSON Web Key Set: " + e.getMessage(), e);
    }
  }

  private static URL url(String location) {
    try {
      return URI.create(location).toURL();
    } catch (MalformedURLException | IllegalArgumentException e) {
      throw new IllegalArgumentException("not a URL: " + location, e);
    }
  }
}
