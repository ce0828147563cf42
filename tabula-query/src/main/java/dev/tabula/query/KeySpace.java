package dev.tabula.query;

import java.util.ArrayList;
import java.util.List;

/**
 * A union of {@link KeyBox}es: the keys a filter may match, over-approximated (never fewer than the
 * filter matches). Intersection and union are exact on boxes; when a union would grow past {@link
 * #MAX_BOXES} it widens to every key, which stays a correct over-approximation. A space is {@code
 * exact} when it holds exactly the keys the filter matches, no more: then the filter need not be
 * checked again on the rows it reads.
 */
record KeySpace(List<KeyBox> boxes, boolean exact) {
  /** Beyond this many boxes the plan is not worth its size: fall back to a scan. */
  static final int MAX_BOXES = 64;

  static final KeySpace ALL = new KeySpace(List.of(KeyBox.ALL), true);
  static final KeySpace NONE = new KeySpace(List.of(), true);

  /** Every key, for a condition the keys cannot decide. */
  static final KeySpace UNDECIDED = new KeySpace(List.of(KeyBox.ALL), false);

  KeySpace {
    boxes = List.copyOf(boxes);
  }

  /** Exactly the keys of one box. */
  static KeySpace of(KeyBox box) {
    return new KeySpace(List.of(box), true);
  }

  /** The keys in both spaces. */
  KeySpace and(KeySpace other) {
    List<KeyBox> result = new ArrayList<>();
    for (KeyBox a : boxes) {
      for (KeyBox b : other.boxes) {
        KeyBox both = a.intersect(b);
        if (both != null) {
          result.add(both);
        }
      }
    }
    return bounded(result, exact && other.exact);
  }

  /** The keys in either space. */
  KeySpace or(KeySpace other) {
    List<KeyBox> result = new ArrayList<>(boxes);
    result.addAll(other.boxes);
    return bounded(result, exact && other.exact);
  }

  private static KeySpace bounded(List<KeyBox> result, boolean exact) {
    return result.size() > MAX_BOXES ? UNDECIDED : new KeySpace(result, exact);
  }
}
