package dev.tabula.protocol.auth;

import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import dev.tabula.protocol.http.ServiceRequest;
import java.net.InetAddress;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Says one warning line per refused authentication, with the reason: without it a wrong key leaves
 * no trace on the server, and the client's 403 is the only place the cause shows. The line names
 * the account the URL addresses, the client's address, the scheme tried and the refusal's code and
 * detail, never a key, a signature or a string to sign ({@link
 * AuthenticationErrors#logSafeDetail}).
 *
 * <p>A flood of bad requests must not flood the log: at most {@value #LINES_PER_SECOND} lines a
 * second are written, and the refusals left out meanwhile are counted on the next line written.
 * Thread-safe; cheap enough for a network event loop (the bound keeps the writing cheap too).
 */
public final class RefusedAuthentications {
  /** The lines written per second at most. */
  static final int LINES_PER_SECOND = 10;

  /** Longer text from the client is cut: a log line is not a place for a client's essay. */
  private static final int MAX_DETAIL_CHARS = 300;

  private static final Logger LOG = LoggerFactory.getLogger(RefusedAuthentications.class);

  private final Consumer<String> sink;
  private final LongSupplier nanoTime;
  private long windowStart;
  private int linesInWindow;
  private long leftOut;

  /** Writes to this class's logger at WARN. */
  public RefusedAuthentications() {
    this(LOG::warn, System::nanoTime);
  }

  RefusedAuthentications(Consumer<String> sink, LongSupplier nanoTime) {
    this.sink = sink;
    this.nanoTime = nanoTime;
    this.windowStart = nanoTime.getAsLong();
  }

  /** Whether {@code failure}, thrown by authentication, refused the request's credentials. */
  public static boolean isRefusal(TableException failure) {
    TableErrorCode code = failure.code();
    return code.status() == 401
        || code.status() == 403
        || code == TableErrorCode.INVALID_AUTHENTICATION_INFO;
  }

  /**
   * Notes that authentication refused {@code request}, addressed to {@code account}, with {@code
   * refusal}.
   */
  public void refused(ServiceRequest request, String account, TableException refusal) {
    long notLogged = admit();
    if (notLogged < 0) {
      return;
    }
    InetAddress client = request.remoteAddress();
    StringBuilder line =
        new StringBuilder("Authentication refused for account ")
            .append(printable(account))
            .append(" from ")
            .append(client == null ? "an unknown address" : client.getHostAddress())
            .append(" (")
            .append(scheme(request))
            .append("): ")
            .append(refusal.code().code())
            .append(": ")
            .append(printable(AuthenticationErrors.logSafeDetail(refusal)));
    if (notLogged > 0) {
      line.append(" [")
          .append(notLogged)
          .append(" more refusals were not logged: at most ")
          .append(LINES_PER_SECOND)
          .append(" lines a second]");
    }
    sink.accept(line.toString());
  }

  /**
   * Whether this refusal may be logged: -1 when not (it is counted), else how many were left out
   * since the last line.
   */
  private synchronized long admit() {
    long now = nanoTime.getAsLong();
    if (now - windowStart >= 1_000_000_000L) {
      windowStart = now;
      linesInWindow = 0;
    }
    if (linesInWindow >= LINES_PER_SECOND) {
      leftOut++;
      return -1;
    }
    linesInWindow++;
    long notLogged = leftOut;
    leftOut = 0;
    return notLogged;
  }

  /** The credentials the request carries, by kind: the Authorization scheme, SAS or none. */
  private static String scheme(ServiceRequest request) {
    String header = AuthorizationHeader.schemeOf(request).orElse(null);
    if (header != null) {
      return printable(header);
    }
    return request.queryParameter("sig") != null ? "SAS" : "anonymous";
  }

  /**
   * {@code text} fit for one log line: control characters (a forged line break) become {@code ?},
   * and text past {@value #MAX_DETAIL_CHARS} characters is cut.
   */
  private static String printable(String text) {
    String cut =
        text.length() > MAX_DETAIL_CHARS ? text.substring(0, MAX_DETAIL_CHARS) + "..." : text;
    StringBuilder out = new StringBuilder(cut.length());
    for (int i = 0; i < cut.length(); i++) {
      char c = cut.charAt(i);
      out.append(Character.isISOControl(c) ? '?' : c);
    }
    return out.toString();
  }
}
