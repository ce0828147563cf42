package dev.tabula.query;

import dev.tabula.model.EdmType;
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
}
