package dev.tabula.query;

import dev.tabula.model.EdmType;
import dev.tabula.model.EdmValue;
import dev.tabula.model.EdmValue.EdmBoolean;
import dev.tabula.model.EdmValue.EdmDouble;
import dev.tabula.model.EdmValue.EdmInt32;
import dev.tabula.model.EdmValue.EdmInt64;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Chooses a secondary index for a filter, by the service's comparison rules
 * (docs/design/secondary-indexes.md, "Which filters an index can serve"):
 *
 * <ul>
 *   <li>Only the filter's top-level conjunction counts; an {@code or} or {@code not} is left to the
 *       filter applied to each entity read.
 *   <li>An index on {@code P} is usable when a conjunct is {@code P eq|gt|ge constant} (or the bare
 *       {@code P}, which is {@code P eq true}): such a comparison holds only for a property of the
 *       constant's type or a wider numeric one, so its matches are all in at most three type
 *       sections of the index. {@code lt}, {@code le} and {@code ne} hold for a property of any
 *       other type too, so they only narrow a section already chosen ({@code lt}/{@code le}) or
 *       nothing ({@code ne}).
 *   <li>Each bound is converted to the section's type exactly (an Int32 constant to Int64 or
 *       Double) or, for an Int64 constant in the Double section, to the nearest double, inclusive:
 *       the nearest double leaves no double between it and the constant, so the interval still
 *       holds every match.
 *   <li>A NaN constant matches no number: its sections are empty.
 * </ul>
 *
 * <p>Among several usable indexes the first with an equality is chosen, else the first usable one,
 * in the order given. Stateless.
 */
public final class IndexPlanner {
  private IndexPlanner() {}

  /**
   * The index entries that hold every entity {@code filter} matches, read from one of the indexes
   * on {@code indexed} properties; empty when no index can serve the filter (then the plan scans).
   */
  public static Optional<IndexSelection> select(
      @Nullable Filter filter, Collection<String> indexed) {
    if (filter == null || indexed.isEmpty()) {
      return Optional.empty();
    }
    List<Filter> conjuncts = new ArrayList<>();
    flatten(filter, conjuncts);
    IndexSelection chosen = null;
    for (String property : indexed) {
      List<Filter.Comparison> terms = termsOn(property, conjuncts);
      if (terms.stream().noneMatch(IndexPlanner::isAnchor)) {
        continue;
      }
      IndexSelection selection = new IndexSelection(property, intervals(terms));
      if (terms.stream().anyMatch(t -> t.operator() == ComparisonOperator.EQ)) {
        return Optional.of(selection);
      }
      if (chosen == null) {
        chosen = selection;
      }
    }
    return Optional.ofNullable(chosen);
  }

  private static void flatten(Filter filter, List<Filter> out) {
    if (filter instanceof Filter.And and) {
      flatten(and.left(), out);
      flatten(and.right(), out);
    } else {
      out.add(filter);
    }
  }

  /** The conjuncts that compare {@code property}; a bare boolean property as {@code eq true}. */
  private static List<Filter.Comparison> termsOn(String property, List<Filter> conjuncts) {
    List<Filter.Comparison> terms = new ArrayList<>();
    for (Filter conjunct : conjuncts) {
      if (conjunct instanceof Filter.Comparison c && c.property().equals(property)) {
        terms.add(c);
      } else if (conjunct instanceof Filter.BooleanProperty b && b.property().equals(property)) {
        terms.add(new Filter.Comparison(property, ComparisonOperator.EQ, new EdmBoolean(true)));
      }
    }
    return terms;
  }

  private static boolean isAnchor(Filter.Comparison term) {
    return switch (term.operator()) {
      case EQ, GT, GE -> true;
      case NE, LT, LE -> false;
    };
  }

  private static List<IndexInterval> intervals(List<Filter.Comparison> terms) {
    Set<EdmType> sections = EnumSet.allOf(EdmType.class);
    for (Filter.Comparison term : terms) {
      if (isAnchor(term)) {
        sections.retainAll(sectionsComparedWith(term.literal()));
      }
    }
    List<IndexInterval> intervals = new ArrayList<>();
    for (EdmType section : sections) {
      IndexInterval interval = interval(section, terms);
      if (interval != null) {
        intervals.add(interval);
      }
    }
    return intervals;
  }

  /** The interval of one section, or null when no value of it can match every term. */
  private static @Nullable IndexInterval interval(EdmType section, List<Filter.Comparison> terms) {
    IndexBound lower = null;
    IndexBound upper = null;
    for (Filter.Comparison term : terms) {
      if (term.operator() == ComparisonOperator.NE
          || !sectionsComparedWith(term.literal()).contains(section)) {
        continue; // an lt, le or ne of another type holds in this section: no bound
      }
      if (term.literal() instanceof EdmDouble d && Double.isNaN(d.value())) {
        return null; // NaN: no number is eq, gt, ge, lt or le to it
      }
      IndexBound bound = converted(term, section);
      ComparisonOperator op = term.operator();
      if (op == ComparisonOperator.EQ
          || op == ComparisonOperator.GT
          || op == ComparisonOperator.GE) {
        lower = tighter(lower, bound, true);
      }
      if (op == ComparisonOperator.EQ
          || op == ComparisonOperator.LT
          || op == ComparisonOperator.LE) {
        upper = tighter(upper, bound, false);
      }
    }
    return isEmpty(lower, upper) ? null : new IndexInterval(section, lower, upper);
  }

  /** The sections whose properties compare with a constant of this type (ValueComparison). */
  private static Set<EdmType> sectionsComparedWith(EdmValue literal) {
    return switch (literal.type()) {
      case INT32 -> EnumSet.of(EdmType.INT32, EdmType.INT64, EdmType.DOUBLE);
      case INT64 -> EnumSet.of(EdmType.INT64, EdmType.DOUBLE);
      default -> EnumSet.of(literal.type());
    };
  }

  /** The term's constant as a bound in {@code section}'s type. */
  private static IndexBound converted(Filter.Comparison term, EdmType section) {
    boolean inclusive =
        term.operator() == ComparisonOperator.EQ
            || term.operator() == ComparisonOperator.GE
            || term.operator() == ComparisonOperator.LE;
    EdmValue literal = term.literal();
    if (literal.type() == section) {
      return new IndexBound(literal, inclusive);
    }
    if (literal instanceof EdmInt32 i) {
      return new IndexBound(
          section == EdmType.INT64 ? new EdmInt64(i.value()) : new EdmDouble(i.value()), inclusive);
    }
    // An Int64 in the Double section: the nearest double, inclusive (see the class comment).
    return new IndexBound(new EdmDouble((double) ((EdmInt64) literal).value()), true);
  }

  /** The tighter of two lower (or upper) bounds of one section. */
  private static IndexBound tighter(@Nullable IndexBound current, IndexBound next, boolean lower) {
    if (current == null) {
      return next;
    }
    int c = ValueComparison.compare(next.value(), current.value());
    if (c == 0) {
      return current.inclusive() ? next : current; // an exclusive end is the tighter
    }
    return (lower ? c > 0 : c < 0) ? next : current;
  }

  private static boolean isEmpty(@Nullable IndexBound lower, @Nullable IndexBound upper) {
    if (lower == null || upper == null) {
      return false;
    }
    int c = ValueComparison.compare(lower.value(), upper.value());
    return c > 0 || (c == 0 && !(lower.inclusive() && upper.inclusive()));
  }
}
