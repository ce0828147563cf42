package dev.tabula.protocol.operations;

import dev.tabula.core.EntityCountPage;
import dev.tabula.core.EntityPage;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;

/**
 * Tabula's opt-in query observability, which no Azure service offers: a request with {@code
 * x-tabula-query-stats: true} gets {@code x-tabula-query-plan: <plan>; scanned=N; returned=M} on
 * each Query Entities page, where the plan is {@code point}, {@code partition}, {@code row-range},
 * {@code partition-range}, {@code union(n)}, {@code scan} or {@code empty}, and the counts are this
 * page's. Without the request header the response is exactly the service's.
 */
final class QueryPlanHeader {
  static final String REQUEST_HEADER = "x-tabula-query-stats";
  static final String RESPONSE_HEADER = "x-tabula-query-plan";

  private QueryPlanHeader() {}

  /** Adds the plan header when the request asked for it. */
  static void addIfRequested(ServiceRequest request, ServiceResponse response, EntityPage page) {
    String asked = request.header(REQUEST_HEADER);
    if (asked != null && asked.trim().equalsIgnoreCase("true")) {
      response.header(RESPONSE_HEADER, value(page));
    }
  }

  /** Adds the plan header to a count's answer when the request asked for it. */
  static void addIfRequested(
      ServiceRequest request, ServiceResponse response, EntityCountPage count) {
    String asked = request.header(REQUEST_HEADER);
    if (asked != null && asked.trim().equalsIgnoreCase("true")) {
      response.header(
          RESPONSE_HEADER,
          count.plan() + "; scanned=" + count.scanned() + "; counted=" + count.count());
    }
  }

  static String value(EntityPage page) {
    return page.plan() + "; scanned=" + page.scanned() + "; returned=" + page.entities().size();
  }
}
