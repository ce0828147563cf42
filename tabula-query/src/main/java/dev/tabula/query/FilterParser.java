package dev.tabula.query;

import org.jspecify.annotations.Nullable;

/**
 * Turns {@code $filter} text into a checked {@link Filter}, or the service's error: 400
 * InvalidInput for text that does not parse, literals that do not fit their type, {@code null},
 * non-boolean filters and more than {@link #MAX_COMPARISONS} comparisons; 501 NotImplemented for
 * functions, arithmetic and comparisons without exactly one property. Stateless and thread-safe.
 */
public final class FilterParser {
  /**
   * The documented limit: "no more than 15 discrete comparisons are permitted within a $filter
   * string".
   */
  public static final int MAX_COMPARISONS = 15;

  private FilterParser() {}

  /**
   * Parses filter text. Empty or blank text is no filter at all and returns null: the service
   * answers {@code $filter=} with every entity (Azure/Azurite#1573, #1880).
   *
   * @throws dev.tabula.model.TableException with the service's code when the text is rejected
   */
  public static @Nullable Filter parse(@Nullable String text) {
    return parse(text, false);
  }

  /**
   * Parses filter text, taking {@code startswith(property, 'prefix')} as a condition when {@code
   * startsWith} is set (the request asked for Tabula's {@code startswith} extension); without it a
   * call stays the service's 501 NotImplemented.
   *
   * @throws dev.tabula.model.TableException with the service's code when the text is rejected
   */
  public static @Nullable Filter parse(@Nullable String text, boolean startsWith) {
    if (text == null || text.isBlank()) {
      return null;
    }
    FilterBinder.Bound bound = FilterBinder.bind(FilterSyntaxParser.parse(text), startsWith);
    if (bound.comparisons() > MAX_COMPARISONS) {
      throw FilterErrors.tooManyComparisons();
    }
    return bound.filter();
  }
}
