package dev.tabula.server;

/**
 * A listener could not bind its address: the port is taken, needs privileges, or the host is not an
 * address of this machine. It names the setting of the port ({@code port} or {@code https-port}),
 * so that {@code tabula serve} can say which flag to change.
 */
public final class ListenFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String setting;
  private final String host;
  private final int port;
  private final String reason;

  ListenFailure(String setting, String host, int port, Throwable cause) {
    super("cannot listen on " + host + ":" + port + ": " + cause.getMessage(), cause);
    this.setting = setting;
    this.host = host;
    this.port = port;
    this.reason = String.valueOf(cause.getMessage());
  }

  /** Why, as the operating system put it. */
  public String reason() {
    return reason;
  }

  /** The config-file key of the port: {@code port} or {@code https-port}. */
  public String setting() {
    return setting;
  }

  /** The address asked for. */
  public String host() {
    return host;
  }

  /** The port asked for. */
  public int port() {
    return port;
  }

  /** Whether another process (or another listener of this one) holds the port already. */
  public boolean portInUse() {
    return causeSays("in use");
  }

  /** Whether the port needs privileges this process lacks (below 1024 on most systems). */
  public boolean permissionDenied() {
    return causeSays("permission denied");
  }

  private boolean causeSays(String words) {
    for (Throwable t = getCause(); t != null; t = t.getCause()) {
      // Both transports word it as strerror does: NIO's BindException ("Address already in use")
      // and epoll's NativeIoException ("bind(..) failed with error(-98): Address already in use").
      if (t.getMessage() != null
          && t.getMessage().toLowerCase(java.util.Locale.ROOT).contains(words)) {
        return true;
      }
    }
    return false;
  }
}
