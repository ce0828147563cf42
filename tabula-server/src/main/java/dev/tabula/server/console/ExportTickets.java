package dev.tabula.server.console;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * One-time, short-lived export tickets. The page starts an export with a plain link (the browser
 * then streams the file to disk), and a link cannot carry {@code X-Tabula-Console}; so the page
 * first asks for a ticket with the header ({@code POST /console/api/export-tickets}), which another
 * web site cannot do (the header needs a CORS preflight the console never approves), and the link
 * carries the random ticket instead. A ticket names one account, table and format, is redeemed
 * once, within {@value #LIFETIME_MILLIS} ms; the page then polls its progress (the rows written so
 * far) by the same ticket. At most {@value #MAX} tickets are kept (the oldest dropped): memory is
 * bounded. Thread-safe.
 */
final class ExportTickets {
  static final long LIFETIME_MILLIS = 60_000;
  static final int MAX = 64;

  private final SecureRandom random = new SecureRandom();
  private final Clock clock;
  private final Map<String, Ticket> tickets = new LinkedHashMap<>();

  ExportTickets(Clock clock) {
    this.clock = clock;
  }

  /** What a ticket allows, and the export's progress once redeemed. */
  static final class Ticket {
    final String account;
    final String table;
    final String format;
    final long issuedMillis;
    final AtomicLong rows = new AtomicLong();
    volatile boolean redeemed;
    volatile boolean done;
    volatile @Nullable String error;

    Ticket(String account, String table, String format, long issuedMillis) {
      this.account = account;
      this.table = table;
      this.format = format;
      this.issuedMillis = issuedMillis;
    }

    /** The export ended, as {@code failure} says (null: the whole table was written). */
    void end(@Nullable String failure) {
      error = failure;
      done = true; // after the error: a poller that sees done sees why
    }
  }

  /** A new ticket for one export. */
  synchronized String issue(String account, String table, String format) {
    byte[] bytes = new byte[24];
    random.nextBytes(bytes);
    String id = HexFormat.of().formatHex(bytes);
    tickets.put(id, new Ticket(account, table, format, clock.millis()));
    Iterator<String> oldest = tickets.keySet().iterator();
    while (tickets.size() > MAX) {
      oldest.next();
      oldest.remove();
    }
    return id;
  }

  /**
   * Redeems {@code id} for this export: the ticket when it was issued for exactly this account,
   * table and format, is not redeemed yet and not expired; else null.
   */
  synchronized @Nullable Ticket redeem(String id, String account, String table, String format) {
    Ticket ticket = tickets.get(id);
    if (ticket == null
        || ticket.redeemed
        || clock.millis() - ticket.issuedMillis > LIFETIME_MILLIS
        || !ticket.account.equals(account)
        || !ticket.table.equals(table)
        || !ticket.format.equals(format)) {
      return null;
    }
    ticket.redeemed = true;
    return ticket;
  }

  /** The ticket {@code id} (redeemed or not), for its progress; null if unknown. */
  synchronized @Nullable Ticket find(String id) {
    return tickets.get(id);
  }
}
