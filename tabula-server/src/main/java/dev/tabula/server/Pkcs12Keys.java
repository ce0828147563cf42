package dev.tabula.server;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.UnrecoverableKeyException;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Reads the private key and certificate chain of a PKCS#12 file ({@code .pfx}, {@code .p12}, as
 * {@code openssl pkcs12 -export}, {@code keytool} and Windows make them) with the JDK's own
 * KeyStore. The key entry is the file's only one, or the one named by {@code --tls-alias}; the key
 * is opened with the file's password, as those tools write it. No message holds the password.
 */
final class Pkcs12Keys {
  private static final String PASSWORD_SETTINGS =
      "--tls-password, TABULA_TLS_PASSWORD or tls-password";

  private Pkcs12Keys() {}

  /**
   * @param password the file's password; null for none (an empty one)
   * @param alias the key entry to take, or null for the only one
   * @throws IllegalArgumentException naming the file and what is wrong
   */
  static ServerKey parse(
      Path path, byte[] content, @Nullable String password, @Nullable String alias) {
    char[] secret = password == null ? new char[0] : password.toCharArray();
    KeyStore store = open(path, content, secret, password != null);
    String entry = keyEntry(path, store, alias);
    try {
      Key key = store.getKey(entry, secret);
      Certificate[] chain = store.getCertificateChain(entry);
      if (!(key instanceof PrivateKey privateKey) || chain == null || chain.length == 0) {
        throw new IllegalArgumentException(
            "the PKCS#12 file " + path + " has no certificate with its key '" + entry + "'");
      }
      List<X509Certificate> certificates = new ArrayList<>();
      for (Certificate certificate : chain) {
        certificates.add((X509Certificate) certificate);
      }
      return new ServerKey(privateKey, certificates);
    } catch (UnrecoverableKeyException e) {
      throw new IllegalArgumentException(
          "the private key '"
              + entry
              + "' of the PKCS#12 file "
              + path
              + " has a password other than the file's; export the file again with one password",
          e);
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException(
          "cannot read the private key of the PKCS#12 file " + path + ": " + e.getMessage(), e);
    }
  }

  private static KeyStore open(Path path, byte[] content, char[] secret, boolean passwordGiven) {
    try {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(new ByteArrayInputStream(content), secret);
      return store;
    } catch (IOException e) {
      if (e.getCause() instanceof UnrecoverableKeyException) {
        // The JDK's PKCS12 key store says so when the integrity check fails: a wrong password.
        throw new IllegalArgumentException(
            passwordGiven
                ? "the password of the PKCS#12 file "
                    + path
                    + " is wrong ("
                    + PASSWORD_SETTINGS
                    + ")"
                : "the PKCS#12 file "
                    + path
                    + " has a password: give it with TABULA_TLS_PASSWORD or the config file's"
                    + " tls-password",
            e);
      }
      throw new IllegalArgumentException(
          "the TLS certificate " + path + " is not a PKCS#12 file that can be read: " + why(e), e);
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException(
          "the TLS certificate " + path + " is not a PKCS#12 file that can be read: " + why(e), e);
    }
  }

  private static String keyEntry(Path path, KeyStore store, @Nullable String alias) {
    List<String> keys = new ArrayList<>();
    try {
      for (String name : Collections.list(store.aliases())) {
        if (store.isKeyEntry(name)) {
          keys.add(name);
        }
      }
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException("cannot list the entries of " + path + ": " + why(e), e);
    }
    String named = keys.stream().map(name -> "'" + name + "'").collect(Collectors.joining(", "));
    if (keys.isEmpty()) {
      throw new IllegalArgumentException(
          "the PKCS#12 file "
              + path
              + " holds no private key, only certificates; export the certificate with its key:"
              + " openssl pkcs12 -export -in cert.pem -inkey key.pem -out server.pfx");
    }
    if (alias != null) {
      for (String name : keys) {
        if (name.equalsIgnoreCase(alias)) { // the JDK's PKCS12 store lower-cases aliases
          return name;
        }
      }
      throw new IllegalArgumentException(
          "the PKCS#12 file "
              + path
              + " holds no private key named '"
              + alias
              + "' (--tls-alias); it holds "
              + named);
    }
    if (keys.size() > 1) {
      throw new IllegalArgumentException(
          "the PKCS#12 file "
              + path
              + " holds "
              + keys.size()
              + " private keys ("
              + named
              + "): choose one with --tls-alias (or TABULA_TLS_ALIAS, tls-alias)");
    }
    return keys.get(0);
  }

  /** The first message along the causes, else the first exception's kind. */
  private static String why(Exception e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause.getMessage() != null) {
        return cause.getMessage();
      }
    }
    return e.getClass().getSimpleName();
  }
}
