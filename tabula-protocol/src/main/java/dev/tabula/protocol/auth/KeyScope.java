package dev.tabula.protocol.auth;

import dev.tabula.model.EdmValue;
import dev.tabula.model.EntityKey;
import dev.tabula.query.ComparisonOperator;
import dev.tabula.query.Filter;

/**
 * The entities a table shared access signature reaches: its {@code spk}/{@code srk} and {@code
 * epk}/{@code erk} bounds, both inclusive. The service's rule (learn.microsoft.com "Create a
 * service SAS", "Specify table access ranges"): {@code PartitionKey >= spk} alone, or {@code
 * (PartitionKey > spk) || (PartitionKey == spk && RowKey >= srk)} with a start row key, and
 * likewise at the end. Keys compare by code point, the service's key order. A null bound is open.
 * Immutable.
 */
public record KeyScope(
    String startPartitionKey, String startRowKey, String endPartitionKey, String endRowKey) {

  /** Every key: the scope of the account owner and of an account SAS. */
  public static final KeyScope ALL = new KeyScope(null, null, null, null);

  public KeyScope {
    if (startPartitionKey == null && startRowKey != null
        || endPartitionKey == null && endRowKey != null) {
      throw new IllegalArgumentException("a row key bound needs its partition key bound");
    }
  }

  /** Whether the scope has any bound. */
  public boolean isBounded() {
    return startPartitionKey != null || endPartitionKey != null;
  }

  /** Whether {@code key} lies in the scope. */
  public boolean contains(EntityKey key) {
    return afterStart(key) && beforeEnd(key);
  }

  /**
   * {@code filter} restricted to the scope: the filter and the scope's conditions on the keys. The
   * query planner turns those conditions into key ranges like any others, so a query reads only the
   * scope's keys and its continuations stay inside it.
   *
   * @param filter the request's filter, or null for every entity
   * @return the filter itself when the scope is unbounded
   */
  public Filter restrict(Filter filter) {
    Filter scoped = filter;
    if (startPartitionKey != null) {
      scoped =
          and(
              scoped,
              bound(startPartitionKey, startRowKey, ComparisonOperator.GT, ComparisonOperator.GE));
    }
    if (endPartitionKey != null) {
      scoped =
          and(
              scoped,
              bound(endPartitionKey, endRowKey, ComparisonOperator.LT, ComparisonOperator.LE));
    }
    return scoped;
  }

  private boolean afterStart(EntityKey key) {
    if (startPartitionKey == null) {
      return true;
    }
    int pk = EntityKey.KEY_ORDER.compare(key.partitionKey(), startPartitionKey);
    return pk > 0
        || pk == 0
            && (startRowKey == null || EntityKey.KEY_ORDER.compare(key.rowKey(), startRowKey) >= 0);
  }

  private boolean beforeEnd(EntityKey key) {
    if (endPartitionKey == null) {
      return true;
    }
    int pk = EntityKey.KEY_ORDER.compare(key.partitionKey(), endPartitionKey);
    return pk < 0
        || pk == 0
            && (endRowKey == null || EntityKey.KEY_ORDER.compare(key.rowKey(), endRowKey) <= 0);
  }

  /**
   * {@code PartitionKey strict pk or (PartitionKey eq pk and RowKey inclusive rk)}, or {@code
   * PartitionKey inclusive pk} without a row key bound.
   */
  private static Filter bound(
      String pk, String rk, ComparisonOperator strict, ComparisonOperator inclusive) {
    if (rk == null) {
      return compare("PartitionKey", inclusive, pk);
    }
    return new Filter.Or(
        compare("PartitionKey", strict, pk),
        new Filter.And(
            compare("PartitionKey", ComparisonOperator.EQ, pk), compare("RowKey", inclusive, rk)));
  }

  private static Filter compare(String property, ComparisonOperator operator, String value) {
    return new Filter.Comparison(property, operator, new EdmValue.EdmString(value));
  }

  private static Filter and(Filter left, Filter right) {
    return left == null ? right : new Filter.And(left, right);
  }
}
