package dev.tabula.server.console;

import java.util.List;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The accounts the console may act as: every account the server serves now (they may change while
 * it runs, with an accounts file), or only the one {@code --console-account} names, and only while
 * it is served. Names only: the console never holds or shows a key. Thread-safe.
 */
public final class ConsoleAccounts {
  private final Supplier<List<String>> served;
  private final @Nullable String only;

  /**
   * @param served the names of the accounts served now, asked at each use
   * @param only the one account the console acts as, or null for every account served
   */
  public ConsoleAccounts(Supplier<List<String>> served, @Nullable String only) {
    this.served = served;
    this.only = only;
  }

  /** The accounts, in the server's order. */
  List<String> names() {
    List<String> now = served.get();
    if (only == null) {
      return List.copyOf(now);
    }
    return now.contains(only) ? List.of(only) : List.of();
  }

  /** Whether the console may act as {@code account}. */
  boolean includes(String account) {
    return names().contains(account);
  }
}
