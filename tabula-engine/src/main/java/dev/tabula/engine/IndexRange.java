package dev.tabula.engine;

import java.util.Arrays;
import java.util.Objects;

/**
 * The entries of one index to read: those whose bytes (an {@link
 * dev.tabula.engine.codec.IndexEntryCodec entry}, without the engine's prefix) lie from {@code
 * from}, included, up to {@code to}, excluded. Core builds them from a query's index selection by
 * encoding its bounds ({@link dev.tabula.engine.codec.IndexValueCodec}), so that engines compare
 * bytes only. A range lies within one type section.
 */
public record IndexRange(byte[] from, byte[] to) {
  public IndexRange {
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    from = from.clone();
    to = to.clone();
  }

  @Override
  public byte[] from() {
    return from.clone();
  }

  @Override
  public byte[] to() {
    return to.clone();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof IndexRange r && Arrays.equals(from, r.from) && Arrays.equals(to, r.to);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(from) + Arrays.hashCode(to);
  }

  @Override
  public String toString() {
    return "IndexRange[" + Arrays.toString(from) + ", " + Arrays.toString(to) + ")";
  }
}
