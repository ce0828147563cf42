package dev.tabula.protocol.operations;

import dev.tabula.core.ChangeFeedService;
import dev.tabula.core.FeedGroup;
import dev.tabula.core.FeedRead;
import dev.tabula.core.FeedToken;
import dev.tabula.model.EntityKey;
import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.auth.KeyScope;
import dev.tabula.protocol.extension.Extension;
import dev.tabula.protocol.extension.RequestedExtensions;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.protocol.json.ChangeFeedJson;
import dev.tabula.protocol.json.ODataContext;
import dev.tabula.protocol.routing.OperationContext;
import dev.tabula.protocol.routing.Resource;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * Tabula's change-feed extension (docs/extensions.md, "Change feed"): {@code GET
 * /table?comp=tabula-changes[&after=token][&timeout=seconds]} with {@code x-tabula-extensions:
 * changefeed} answers a page of committed changes as JSON or, with {@code Accept:
 * text/event-stream}, as server-sent events (one per group, its token as the event id, so that
 * {@code Last-Event-ID} resumes). With a timeout an empty page waits for a change without holding a
 * thread ({@link ChangeFeedService#readWhenChanged}). Authorized as a query; a signature's key
 * range keeps only the rows it reaches.
 */
public final class ChangeFeedOperations {
  /** The longest long poll a request may ask for. */
  static final int MAX_TIMEOUT_SECONDS = 60;

  /** How soon an event stream's client should reconnect once a page has ended the response. */
  static final int RECONNECT_MILLIS = 10;

  private static final Set<Extension> APPLIED = Set.of(Extension.CHANGE_FEED);
  private static final String EVENT_STREAM = "text/event-stream";

  private final ChangeFeedService feeds;

  public ChangeFeedOperations(ChangeFeedService feeds) {
    this.feeds = feeds;
  }

  /** Read Table Changes: a page, after a wait for one when asked. */
  public CompletableFuture<ServiceResponse> read(OperationContext context) {
    ServiceRequest request = context.request();
    boolean events = wantsEvents(request);
    FeedToken after = after(request, events);
    Duration timeout = timeout(request);
    Resource resource = context.resource();
    FeedRead first =
        feeds.read(resource.account(), resource.table(), after, ChangeFeedService.MAX_GROUPS);
    if (!first.groups().isEmpty() || first.tableDeleted() || timeout.isZero()) {
      return CompletableFuture.completedFuture(respond(context, first, events));
    }
    return context.finishing(
        feeds
            .readWhenChanged(
                resource.account(), resource.table(), first, timeout, ChangeFeedService.MAX_GROUPS)
            .thenApply(read -> respond(context, read, events)));
  }

  private static ServiceResponse respond(OperationContext context, FeedRead read, boolean events) {
    List<FeedGroup> groups = visible(read.groups(), context.access().keys());
    Resource resource = context.resource();
    ODataContext ctx =
        new ODataContext(resource.serviceRoot(), resource.account(), resource.table());
    ServiceResponse response = new ServiceResponse(200);
    if (events) {
      response.body(EVENT_STREAM + ";charset=utf-8", eventStream(groups, read, ctx));
      response.header("Cache-Control", "no-cache");
    } else {
      response.body(
          "application/json;charset=utf-8",
          ChangeFeedJson.page(groups, read.tableDeleted(), read.next().encode(), ctx));
    }
    return RequestedExtensions.of(context.request()).echo(response, APPLIED);
  }

  /** One event per group, then the table's deletion if so; the client reconnects after. */
  private static byte[] eventStream(List<FeedGroup> groups, FeedRead read, ODataContext ctx) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    write(out, "retry: " + RECONNECT_MILLIS + "\n\n");
    for (FeedGroup group : groups) {
      write(out, "id: " + group.position().encode() + "\nevent: change\ndata: ");
      out.writeBytes(ChangeFeedJson.group(group, ctx));
      write(out, "\n\n");
    }
    if (read.tableDeleted()) {
      write(out, "id: " + read.next().encode() + "\nevent: tableDeleted\ndata: ");
      out.writeBytes(ChangeFeedJson.tableDeleted());
      write(out, "\n\n");
    }
    return out.toByteArray();
  }

  private static void write(ByteArrayOutputStream out, String text) {
    out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
  }

  /** The groups with only the rows a signature's key range reaches; groups left empty go. */
  private static List<FeedGroup> visible(List<FeedGroup> groups, KeyScope keys) {
    if (!keys.isBounded()) {
      return groups;
    }
    return groups.stream()
        .map(
            group ->
                group.onlyRows(
                    row -> keys.contains(new EntityKey(group.partitionKey(), row.rowKey()))))
        .filter(group -> !group.rows().isEmpty())
        .toList();
  }

  private static boolean wantsEvents(ServiceRequest request) {
    String accept = request.header("Accept");
    return accept != null && accept.toLowerCase(Locale.ROOT).contains(EVENT_STREAM);
  }

  /** The {@code after} token, else for an event stream its {@code Last-Event-ID}; else none. */
  private static @Nullable FeedToken after(ServiceRequest request, boolean events) {
    String token = request.queryParameter("after");
    if (token == null && events) {
      token = request.header("Last-Event-ID");
    }
    return token == null || token.isEmpty() ? null : FeedToken.decode(token);
  }

  private static Duration timeout(ServiceRequest request) {
    String text = request.queryParameter("timeout");
    if (text == null) {
      return Duration.ZERO;
    }
    try {
      int seconds = Integer.parseInt(text);
      if (seconds >= 0 && seconds <= MAX_TIMEOUT_SECONDS) {
        return Duration.ofSeconds(seconds);
      }
    } catch (NumberFormatException e) {
      // answered below
    }
    throw TableErrorCode.INVALID_QUERY_PARAMETER_VALUE.exception(
        "timeout must be a whole number of seconds from 0 to " + MAX_TIMEOUT_SECONDS + ".");
  }
}
