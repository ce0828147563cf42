package dev.tabula.server.telemetry;

import org.jspecify.annotations.Nullable;

/**
 * The requests answered in one second, as {@link RecentActivity} counted them.
 *
 * @param startMillis the second's start, in milliseconds since the epoch
 * @param requests every request answered in it, whatever its status
 * @param errors4xx those answered with a 4xx status
 * @param errors5xx those answered with a 5xx status, 503s included
 * @param throttled503 those answered 503: the service's ServerBusy (the worker queue full, the
 *     engine unable to take the request), which clients retry with back-off. OperationTimedOut is a
 *     500, as Azure answers it, so counted in {@code errors5xx} only
 * @param p50Millis the median latency in milliseconds (within 12.5%, see {@link LatencyBins}), or
 *     null when no request was answered in this second
 * @param p95Millis the 95th percentile, or null likewise
 * @param p99Millis the 99th percentile, or null likewise
 */
public record ActivityBucket(
    long startMillis,
    int requests,
    int errors4xx,
    int errors5xx,
    int throttled503,
    @Nullable Double p50Millis,
    @Nullable Double p95Millis,
    @Nullable Double p99Millis) {

  /** A second in which nothing was answered. */
  static ActivityBucket quiet(long startMillis) {
    return new ActivityBucket(startMillis, 0, 0, 0, 0, null, null, null);
  }
}
