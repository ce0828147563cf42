package dev.tabula.bench.load;

/**
 * One Query Entities page as a client received it.
 *
 * @param status the HTTP status
 * @param feed what the page held (empty unless the status is 200)
 * @param next the continuation to the next page, or null when this was the last
 * @param nanos the page's latency, in nanoseconds
 * @param error the start of the error body when the status is not 200, else null
 */
public record QueryPage(int status, FeedSummary feed, Continuation next, long nanos, String error) {}
