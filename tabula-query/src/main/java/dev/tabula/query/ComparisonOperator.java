package dev.tabula.query;

import org.jspecify.annotations.Nullable;

/** The six comparison operators of {@code $filter}, spelled as the service spells them. */
public enum ComparisonOperator {
  EQ("eq"),
  NE("ne"),
  GT("gt"),
  GE("ge"),
  LT("lt"),
  LE("le");

  private final String keyword;

  ComparisonOperator(String keyword) {
    this.keyword = keyword;
  }

  /** The keyword in filter text, for example {@code ge}. */
  public String keyword() {
    return keyword;
  }

  /** The operator with this keyword (case-sensitive, as the service's), or null. */
  public static @Nullable ComparisonOperator fromKeyword(String word) {
    for (ComparisonOperator op : values()) {
      if (op.keyword.equals(word)) {
        return op;
      }
    }
    return null;
  }

  /**
   * The operator that gives the same answer with its operands swapped: {@code 5 lt x} is {@code x
   * gt 5}.
   */
  public ComparisonOperator flip() {
    return switch (this) {
      case GT -> LT;
      case GE -> LE;
      case LT -> GT;
      case LE -> GE;
      case EQ, NE -> this;
    };
  }

  /** The operator that holds exactly when this one does not, for values that are ordered. */
  public ComparisonOperator negate() {
    return switch (this) {
      case EQ -> NE;
      case NE -> EQ;
      case GT -> LE;
      case GE -> LT;
      case LT -> GE;
      case LE -> GT;
    };
  }

  /** True when a comparison result ({@code <0}, {@code 0}, {@code >0}) satisfies this operator. */
  public boolean test(int comparison) {
    return switch (this) {
      case EQ -> comparison == 0;
      case NE -> comparison != 0;
      case GT -> comparison > 0;
      case GE -> comparison >= 0;
      case LT -> comparison < 0;
      case LE -> comparison <= 0;
    };
  }
}
