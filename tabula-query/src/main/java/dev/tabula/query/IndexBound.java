package dev.tabula.query;

import dev.tabula.model.EdmValue;
import java.util.Objects;

/**
 * One end of an {@link IndexInterval}: a value of the interval's type section, and whether the end
 * includes it.
 */
public record IndexBound(EdmValue value, boolean inclusive) {
  public IndexBound {
    Objects.requireNonNull(value, "value");
  }
}
