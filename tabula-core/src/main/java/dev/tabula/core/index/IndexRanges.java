package dev.tabula.core.index;

import dev.tabula.engine.IndexRange;
import dev.tabula.engine.codec.IndexValueCodec;
import dev.tabula.query.IndexBound;
import dev.tabula.query.IndexInterval;
import dev.tabula.query.IndexSelection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A query's {@link IndexSelection} as the byte ranges an engine reads ({@link IndexRange}): each
 * interval's bounds encoded as the entries are ({@link IndexValueCodec}). An entry starts with its
 * value's form, so an inclusive lower bound starts at the form, an exclusive one after every entry
 * of that value (the form's {@linkplain IndexValueCodec#successor successor}); an upper bound the
 * other way round; an open end is the end of the interval's type section. Stateless.
 */
public final class IndexRanges {
  private IndexRanges() {}

  /** The ranges of {@code selection}: none when it matches nothing. */
  public static List<IndexRange> of(IndexSelection selection) {
    List<IndexRange> ranges = new ArrayList<>(selection.intervals().size());
    for (IndexInterval interval : selection.intervals()) {
      byte tag = IndexValueCodec.sectionOf(interval.section()).tag();
      byte[] from = lower(interval.lower(), tag);
      byte[] to = upper(interval.upper(), tag);
      if (from != null && to != null && Arrays.compareUnsigned(from, to) < 0) {
        ranges.add(new IndexRange(from, to));
      }
    }
    return ranges;
  }

  /** Where the interval starts; null when no entry can be at or after the bound (none). */
  private static byte @Nullable [] lower(@Nullable IndexBound bound, byte tag) {
    if (bound == null) {
      return new byte[] {tag};
    }
    byte @Nullable [] form = IndexValueCodec.encode(bound.value()).orElse(null);
    if (form == null) {
      return null; // NaN: the planner never bounds by it, but nothing would match
    }
    return bound.inclusive() ? form : IndexValueCodec.successor(form);
  }

  /** Where the interval ends (excluded). */
  private static byte @Nullable [] upper(@Nullable IndexBound bound, byte tag) {
    byte[] sectionEnd = {(byte) (tag + 1)};
    if (bound == null) {
      return sectionEnd;
    }
    byte @Nullable [] form = IndexValueCodec.encode(bound.value()).orElse(null);
    if (form == null) {
      return null;
    }
    if (!bound.inclusive()) {
      return form;
    }
    byte @Nullable [] after = IndexValueCodec.successor(form);
    return after == null ? sectionEnd : after;
  }
}
