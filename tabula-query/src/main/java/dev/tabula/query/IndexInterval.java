package dev.tabula.query;

import dev.tabula.model.EdmType;
import dev.tabula.model.EdmValue;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The index entries to read in one type section: the values of type {@code section} between the
 * bounds (a null bound is open). Bounds are values of the section's own type, so an engine encodes
 * them as it encodes the entries.
 */
public record IndexInterval(
    EdmType section, @Nullable IndexBound lower, @Nullable IndexBound upper) {
  public IndexInterval {
    Objects.requireNonNull(section, "section");
  }

  /** Whether a value of this section lies between the bounds. */
  public boolean contains(EdmValue value) {
    if (value.type() != section) {
      return false;
    }
    if (lower != null) {
      int c = ValueComparison.compare(value, lower.value());
      if (c == ValueComparison.UNORDERED || c < 0 || (c == 0 && !lower.inclusive())) {
        return false;
      }
    }
    if (upper != null) {
      int c = ValueComparison.compare(value, upper.value());
      return c != ValueComparison.UNORDERED && (c < 0 || (c == 0 && upper.inclusive()));
    }
    return true;
  }
}
