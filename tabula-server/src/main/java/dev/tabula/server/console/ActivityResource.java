package dev.tabula.server.console;

import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.server.telemetry.ActivityReport;

/**
 * {@code GET /console/api/activity?minutes=N}: the live view's figures ({@link ActivityReport}),
 * the last N minutes (1 to 10, 5 by default) of the data listener's requests in one-second buckets
 * and the hottest partitions. A {@code minutes} that is not a whole number in range is 400.
 */
public final class ActivityResource implements ConsoleResource {
  /** The path it answers. */
  public static final String PATH = "/console/api/activity";

  private final ActivityReport report;

  public ActivityResource(ActivityReport report) {
    this.report = report;
  }

  @Override
  public ConsoleAnswer answer(ServiceRequest request) {
    if (!request.method().equals("GET")) {
      return ConsoleAnswer.methodNotAllowed("GET");
    }
    int minutes;
    try {
      minutes = ActivityReport.minutes(request.queryParameter("minutes"));
    } catch (IllegalArgumentException e) {
      return ConsoleAnswer.text(400, String.valueOf(e.getMessage()));
    }
    return ConsoleAnswer.json(200, report.json(minutes));
  }
}
