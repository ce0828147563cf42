package dev.tabula.server;

import io.netty.handler.ssl.SslContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's TLS context, taken again from its files when they change, without a restart: a
 * certificate renewed by certbot, or a Kubernetes secret updated by a symbolic-link swap.
 *
 * <p>Every {@link #POLL} the files are read whole and their content compared with what was last
 * read (a file replaced by a rename or through a link keeps its name, and a copy may keep its
 * modification time, so their bytes are what is compared). New content is checked as at startup:
 * when usable it becomes the context of every connection accepted from then on, while connections
 * already open keep the one they shook hands with; when not (a half-written file, a certificate
 * without its new key, garbage) the current context stays and one warning says why, once per
 * content: the next usable content is taken as soon as it is read.
 */
final class ReloadingTls implements Supplier<SslContext>, AutoCloseable {
  /** How often the files are read; a change is served at most this long after it is made. */
  static final Duration POLL = Duration.ofSeconds(2);

  private static final Logger LOG = LoggerFactory.getLogger(ReloadingTls.class);

  private final TlsFiles files;
  private final AtomicReference<SslContext> current;
  private final ScheduledExecutorService poller =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("tabula-tls-reload-"));

  /** The content last read (its digest), usable or not, so that each content is judged once. */
  private byte[] lastRead;

  /**
   * Reads the files now and starts watching them.
   *
   * @throws IllegalArgumentException when they are not a usable certificate and key
   * @throws UncheckedIOException when they cannot be read
   */
  ReloadingTls(TlsFiles files) {
    this.files = files;
    Content content;
    try {
      content = read();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the TLS files " + files.paths(), e);
    }
    this.current = new AtomicReference<>(build(content));
    this.lastRead = content.digest();
    long period = POLL.toMillis();
    poller.scheduleWithFixedDelay(this::poll, period, period, TimeUnit.MILLISECONDS);
  }

  /** The context for a connection accepted now. */
  @Override
  public SslContext get() {
    return Objects.requireNonNull(current.get()); // set in the constructor, never cleared
  }

  /** Reads the files and, when their content changed and can be used, serves it from now on. */
  void poll() {
    Content content;
    try {
      content = read();
    } catch (IOException e) {
      byte[] digest = digest(("unreadable: " + e).getBytes(StandardCharsets.UTF_8));
      if (!Arrays.equals(digest, lastRead)) {
        lastRead = digest;
        LOG.warn(
            "TLS certificate {} changed but cannot be read ({}); still serving the previous one",
            files.certificate(),
            e.toString());
      }
      return;
    }
    if (Arrays.equals(content.digest(), lastRead)) {
      return;
    }
    lastRead = content.digest();
    try {
      SslContext next = build(content);
      current.set(next);
      LOG.info("TLS certificate reloaded from {}", files.certificate());
    } catch (IllegalArgumentException e) {
      LOG.warn(
          "TLS certificate {} changed but cannot be used ({}); still serving the previous one",
          files.certificate(),
          e.getMessage());
    } catch (RuntimeException e) { // whatever it is, the poller goes on and the context stays
      LOG.warn(
          "TLS certificate {} changed but cannot be used ({}); still serving the previous one",
          files.certificate(),
          e.toString());
    }
  }

  @Override
  public void close() {
    poller.shutdownNow();
  }

  private SslContext build(Content content) {
    return TlsContexts.forServer(
        ServerKey.parse(files, content.certificate(), content.key()), files);
  }

  /** What the files hold now, each read once. */
  private Content read() throws IOException {
    List<Path> paths = files.paths();
    byte[] certificate = Files.readAllBytes(paths.get(0));
    byte[] key = paths.size() > 1 ? Files.readAllBytes(paths.get(1)) : null;
    return new Content(certificate, key);
  }

  private record Content(byte[] certificate, byte @Nullable [] key) {
    byte[] digest() {
      byte[] keyBytes = key == null ? new byte[0] : key;
      byte[] both = new byte[certificate.length + keyBytes.length + 8];
      ByteBuffer.wrap(both)
          .putInt(certificate.length)
          .put(certificate)
          .putInt(keyBytes.length)
          .put(keyBytes);
      return ReloadingTls.digest(both);
    }
  }

  private static byte[] digest(byte[] bytes) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(bytes);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
