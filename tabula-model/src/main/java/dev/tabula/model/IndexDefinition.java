package dev.tabula.model;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One secondary index of a table (Tabula's extension, docs/extensions.md, "Secondary indexes"): the
 * entries of one property, by value, that let a query read only the entities whose value can match
 * instead of the whole table.
 *
 * @param id the index's number within its table, from 1, never reused while entries of an earlier
 *     index with it may remain; engines key its entries by it, so that an index dropped and
 *     declared again under the same name never reads the old entries. 0 while the index is only
 *     {@linkplain #requested requested} and not yet stored.
 * @param name how users name the index: a letter, then up to 62 letters or digits
 * @param property the property indexed: any property name but the system properties
 * @param state whether the index holds an entry for every entity yet
 */
public record IndexDefinition(int id, String name, String property, State state) {
  /** The most indexes a table can have: each one is one more write per changed value. */
  public static final int MAX_PER_TABLE = 8;

  private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9]{0,62}");

  /** Whether an index can serve queries yet. */
  public enum State {
    /**
     * Writes maintain the index, and a background pass is adding the entities stored before it was
     * declared; queries do not use it.
     */
    BUILDING,
    /** Every entity has its entry: queries use the index. */
    READY
  }

  public IndexDefinition {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(property, "property");
    Objects.requireNonNull(state, "state");
    if (id < 0) {
      throw new IllegalArgumentException("an index id is not negative: " + id);
    }
  }

  /** An index a user asks for, not yet given an id: it starts {@link State#BUILDING}. */
  public static IndexDefinition requested(String name, String property) {
    return new IndexDefinition(0, name, property, State.BUILDING);
  }

  /** Whether the index has been stored and given its id. */
  public boolean isAssigned() {
    return id > 0;
  }

  /** Whether queries may use the index. */
  public boolean isReady() {
    return state == State.READY;
  }

  /** This index, stored under {@code newId}. */
  public IndexDefinition withId(int newId) {
    return new IndexDefinition(newId, name, property, state);
  }

  /** This index in another state. */
  public IndexDefinition withState(State newState) {
    return new IndexDefinition(id, name, property, newState);
  }

  /** Whether {@code name} is a valid index name. */
  public static boolean isValidName(String name) {
    return NAME.matcher(name).matches();
  }
}
