package dev.tabula.bench.load;

/**
 * What one operation of a workload did.
 *
 * @param entities the entities it wrote or read (1 for a single insert, 100 for a batch, the
 *     entities received by a query)
 * @param error what was wrong (a status, a count, a transport failure), or null when it was right
 */
public record Outcome(long entities, String error) {

  /** A correct operation over {@code entities} entities. */
  public static Outcome ok(long entities) {
    return new Outcome(entities, null);
  }

  /** A failed operation. */
  public static Outcome failed(String error) {
    return new Outcome(0, error);
  }

  /** The outcome of a response whose status must be {@code expected}. */
  public static Outcome expect(
      HttpConnection.Response response, int expected, long entities, String what) {
    return response.status() == expected
        ? ok(entities)
        : failed(what + " answered " + response.status() + ": " + response.bodyText(200));
  }

  /** True when the operation was correct. */
  public boolean correct() {
    return error == null;
  }
}
