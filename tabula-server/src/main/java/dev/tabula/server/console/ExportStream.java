package dev.tabula.server.console;

import dev.tabula.protocol.TableProtocol;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.tools.format.EntityFiles;
import dev.tabula.tools.format.EntityWriter;
import dev.tabula.tools.format.FileFormat;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.io.IOException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code GET /console/api/export/{account}/{table}?format=jsonl|csv[&ticket=T]}: the whole table in
 * the command line's format (the bytes {@code tabula export --format F} writes: the tools' own
 * {@link EntityWriter}s), as an attachment named {@code {table}.jsonl} or {@code {table}.csv},
 * chunked. The table is read a page at a time ({@link TablePages}) and written as the connection
 * takes it ({@link ChannelOutputStream}), on a thread of its own (at most {@value #AT_ONCE} exports
 * at once, past which 503), so neither the event loop nor the console's API threads wait for it.
 *
 * <p>Without {@code X-Tabula-Console} (a plain link) the request must carry a valid one-time ticket
 * ({@link ExportTickets}), else 403; the ticket also carries the progress the page polls. Before
 * the first byte, a service error (404 TableNotFound) is the service's answer; after it, a failure
 * closes the connection, so the browser reports the download as failed rather than complete.
 */
final class ExportStream {
  static final String PREFIX = "/console/api/export/";
  static final String TICKET = "ticket";
  static final int AT_ONCE = 2;
  private static final Logger LOG = LoggerFactory.getLogger(ExportStream.class);

  private final TableProtocol protocol;
  private final ExportTickets tickets;
  private final String contentSecurityPolicy;
  private final Semaphore running = new Semaphore(AT_ONCE);
  private final AtomicInteger count = new AtomicInteger();

  ExportStream(TableProtocol protocol, ExportTickets tickets, String contentSecurityPolicy) {
    this.protocol = protocol;
    this.tickets = tickets;
    this.contentSecurityPolicy = contentSecurityPolicy;
  }

  /** Starts answering {@code request} (a path under {@link #PREFIX}); answers now when refused. */
  void start(ChannelHandlerContext ctx, ServiceRequest request, boolean withHeader) {
    String[] names = request.rawPath().substring(PREFIX.length()).split("/", -1);
    String format = ExportResource.format(request.queryParameter("format"));
    if (!request.method().equals("GET")) {
      refuse(ctx, ConsoleAnswer.methodNotAllowed("GET"));
      return;
    }
    if (names.length != 2 || names[0].isEmpty() || names[1].isEmpty() || format == null) {
      refuse(ctx, ConsoleAnswer.text(404, "not found: " + PREFIX + "{account}/{table}?format="));
      return;
    }
    String id = request.queryParameter(TICKET);
    ExportTickets.Ticket ticket =
        id == null ? null : tickets.redeem(id, names[0], names[1], format);
    if (ticket == null && !withHeader) {
      refuse(ctx, ConsoleAnswer.text(403, "forbidden: the export ticket is unknown, used or old"));
      return;
    }
    if (!running.tryAcquire()) {
      String busy = "busy: " + AT_ONCE + " exports are running";
      if (ticket != null) {
        ticket.end(busy); // redeemed: the page polling it must learn that this export ended
      }
      refuse(ctx, ConsoleAnswer.text(503, busy));
      return;
    }
    AtomicLong rows = ticket == null ? new AtomicLong() : ticket.rows;
    Thread thread =
        new Thread(
            () -> {
              try {
                export(ctx, names[0], names[1], format, rows, ticket);
              } finally {
                running.release();
              }
            },
            "tabula-console-export-" + count.incrementAndGet());
    thread.setDaemon(true);
    thread.start();
  }

  private void export(
      ChannelHandlerContext ctx,
      String account,
      String table,
      String format,
      AtomicLong rows,
      ExportTickets.@Nullable Ticket ticket) {
    TablePages pages = new TablePages(protocol, account, table);
    ServiceResponse first = pages.next();
    if (first.status() != 200) {
      if (ticket != null) {
        ticket.end(first.status() + " " + first.headers().getOrDefault("x-ms-error-code", ""));
      }
      refuse(ctx, new ConsoleAnswer(first.status(), first.headers(), first.body()));
      return;
    }
    ctx.writeAndFlush(head(table, format));
    FileFormat fileFormat = format.equals("csv") ? FileFormat.CSV : FileFormat.JSONL;
    try (EntityWriter writer = EntityFiles.writer(fileFormat, new ChannelOutputStream(ctx))) {
      ServiceResponse page = first;
      while (true) {
        TablePages.entities(
            page,
            entity -> {
              writer.write(entity);
              rows.incrementAndGet();
            });
        if (!pages.more()) {
          break;
        }
        page = pages.next();
        if (page.status() != 200) {
          throw new IOException("the service answered " + page.status() + " to a next page");
        }
      }
    } catch (IOException | RuntimeException e) {
      LOG.info("A console export of {}/{} stopped after {} rows: {}", account, table, rows, e);
      if (ticket != null) {
        ticket.end(String.valueOf(e.getMessage()));
      }
      ctx.channel().close();
      return;
    }
    if (ticket != null) {
      ticket.end(null);
    }
    ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT).addListener(ChannelFutureListener.CLOSE);
  }

  private HttpResponse head(String table, String format) {
    HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
    head.headers()
        .set(
            HttpHeaderNames.CONTENT_TYPE,
            format.equals("csv") ? "text/csv; charset=utf-8" : "application/x-ndjson")
        .set(
            HttpHeaderNames.CONTENT_DISPOSITION,
            "attachment; filename=\"" + table + "." + format + "\"")
        .set(HttpHeaderNames.CACHE_CONTROL, "no-store")
        .set("X-Content-Type-Options", "nosniff")
        .set("Referrer-Policy", "no-referrer")
        .set("X-Frame-Options", "DENY")
        .set("Content-Security-Policy", contentSecurityPolicy)
        .set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
    HttpUtil.setKeepAlive(head, false);
    return head;
  }

  private void refuse(ChannelHandlerContext ctx, ConsoleAnswer answer) {
    ConsoleHttp.write(ctx, answer, contentSecurityPolicy, false, false);
  }
}
