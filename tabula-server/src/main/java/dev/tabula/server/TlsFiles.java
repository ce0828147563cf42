package dev.tabula.server;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Where the server's TLS certificate and key come from: a PEM certificate chain with its PKCS#8 PEM
 * key, or one PKCS#12 ({@code .pfx}, {@code .p12}) file that holds both, opened with a password.
 * Which of the two {@code certificate} is, is told by its content, not its name (see {@link
 * TlsContexts}), so that a renewed file may change form without a restart.
 *
 * @param certificate the PEM certificate chain, or the PKCS#12 file
 * @param key the PEM private key; null with a PKCS#12 file, which holds its key
 * @param password the PKCS#12 file's password, or null for none (an empty one); never printed
 * @param alias which key entry of a PKCS#12 file to serve, or null: then the file must hold one
 */
public record TlsFiles(
    Path certificate, @Nullable Path key, @Nullable String password, @Nullable String alias) {

  public TlsFiles {
    Objects.requireNonNull(certificate, "certificate");
  }

  /** A PEM certificate chain and its PKCS#8 PEM key. */
  public static TlsFiles pem(Path certificate, Path key) {
    return new TlsFiles(certificate, key, null, null);
  }

  /** A PKCS#12 file opened with {@code password} (null: none), holding one key entry. */
  public static TlsFiles pkcs12(Path file, @Nullable String password) {
    return new TlsFiles(file, null, password, null);
  }

  /** These files with the key entry of a PKCS#12 file named {@code name}. */
  public TlsFiles withAlias(@Nullable String name) {
    return new TlsFiles(certificate, key, password, name);
  }

  /** The files to read, and to watch for a renewal: the certificate, then the key if any. */
  List<Path> paths() {
    List<Path> paths = new ArrayList<>(List.of(certificate));
    if (key != null) {
      paths.add(key);
    }
    return paths;
  }

  /** Names the files, never the password. */
  @Override
  public String toString() {
    return "TlsFiles[certificate="
        + certificate
        + ", key="
        + key
        + ", password="
        + (password == null ? "none" : "(set)")
        + ", alias="
        + alias
        + "]";
  }
}
