package dev.tabula.query;

import java.util.ArrayList;
import java.util.List;

/**
 * A union of {@link KeyBox}es: the keys a filter may match, over-approximated (never fewer than
 * the filter matches). Intersection and union are exact on boxes; when a union would grow past
 * {@link #MAX_BOXES} it widens to every key, which stays a correct over-approximation.
 */
record KeySpace(List<KeyBox> boxes) {
  /** Beyond this many boxes the plan is not worth its size: fall back to a scan. */
  static final int MAX_BOXES = 64;

  static final KeySpace ALL = new KeySpace(List.of(KeyBox.ALL));
  static final KeySpace NONE = new KeySpace(List.of());

  KeySpace {
    boxes = List.copyOf(boxes);
  }

  /** The keys of one box. */
  static KeySpace of(KeyBox box) {
    return new KeySpace(List.of(box));
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
    return bounded(result);
  }

  /** The keys in either space. */
  KeySpace or(KeySpace other) {
    List<KeyBox> result = new ArrayList<>(boxes);
    result.addAll(other.boxes);
    return bounded(result);
  }

  private static KeySpace bounded(List<KeyBox> result) {
    return result.size() > MAX_BOXES ? ALL : new KeySpace(result);
  }
}
