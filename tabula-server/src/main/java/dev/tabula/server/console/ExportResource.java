package dev.tabula.server.console;

import dev.tabula.protocol.http.ServiceRequest;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The export's small JSON paths: {@code POST /console/api/export-tickets?account=A&table=T
 * &format=jsonl|csv} issues a ticket ({@link ExportTickets}) and answers {@code {"ticket":"...",
 * "url":"/console/api/export/A/T?format=...&ticket=..."}} for the page's download link; {@code GET
 * /console/api/export-status?ticket=...} answers the export's progress {@code {"rows":n,
 * "done":false,"error":null}} (the page polls it while the browser downloads).
 */
final class ExportResource {
  static final String TICKETS = "/console/api/export-tickets";
  static final String STATUS = "/console/api/export-status";
  private static final Pattern TABLE = Pattern.compile("[A-Za-z][A-Za-z0-9]{2,62}");

  private final ExportTickets tickets;
  private final ConsoleAccounts accounts;

  ExportResource(ExportTickets tickets, ConsoleAccounts accounts) {
    this.tickets = tickets;
    this.accounts = accounts;
  }

  /** {@code format} as a file format's name, or null when it names none. */
  static @Nullable String format(@Nullable String format) {
    if (format == null || format.equals("jsonl")) {
      return "jsonl";
    }
    return format.equals("csv") ? "csv" : null;
  }

  ConsoleAnswer issue(ServiceRequest request) {
    if (!request.method().equals("POST")) {
      return ConsoleAnswer.methodNotAllowed("POST");
    }
    String account = request.queryParameter("account");
    String table = request.queryParameter("table");
    String format = format(request.queryParameter("format"));
    if (account == null || table == null || !TABLE.matcher(table).matches() || format == null) {
      return ConsoleAnswer.text(
          400, "bad request: give account, table (a table name) and format (jsonl or csv)");
    }
    if (!accounts.includes(account)) {
      return ConsoleAnswer.text(403, "forbidden: the console does not act as " + account);
    }
    String ticket = tickets.issue(account, table, format);
    String url =
        ExportStream.PREFIX
            + account
            + "/"
            + table
            + "?format="
            + format
            + "&"
            + ExportStream.TICKET
            + "="
            + ticket;
    return ConsoleAnswer.json(
        200,
        ConsoleJson.object(
            g -> {
              g.writeStringField("ticket", ticket);
              g.writeStringField("url", url);
            }));
  }

  ConsoleAnswer status(ServiceRequest request) {
    if (!request.method().equals("GET")) {
      return ConsoleAnswer.methodNotAllowed("GET");
    }
    String id = request.queryParameter(ExportStream.TICKET);
    ExportTickets.Ticket ticket = id == null ? null : tickets.find(id);
    if (ticket == null) {
      return ConsoleAnswer.text(404, "not found: no such export ticket");
    }
    return ConsoleAnswer.json(
        200,
        ConsoleJson.object(
            g -> {
              g.writeNumberField("rows", ticket.rows.get());
              g.writeBooleanField("started", ticket.redeemed);
              g.writeBooleanField("done", ticket.done);
              g.writeStringField("error", ticket.error);
            }));
  }
}
