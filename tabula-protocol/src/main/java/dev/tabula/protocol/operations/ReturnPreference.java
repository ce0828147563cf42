package dev.tabula.protocol.operations;

import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What an insert's {@code Prefer} header asks the service to echo: the stored entity or table
 * ({@code return-content}, 201), nothing ({@code return-no-content}, 204), or no preference at all
 * (201, and no {@code Preference-Applied} header since nothing was applied).
 */
public enum ReturnPreference {
  /** No {@code Prefer} header, or one this service does not act on. */
  NONE(null),
  /** {@code Prefer: return-content}. */
  CONTENT("return-content"),
  /** {@code Prefer: return-no-content}. */
  NO_CONTENT("return-no-content");

  private final @Nullable String headerValue;

  ReturnPreference(@Nullable String headerValue) {
    this.headerValue = headerValue;
  }

  /** The preference a {@code Prefer} header value expresses; {@link #NONE} for null or others. */
  public static ReturnPreference of(@Nullable String prefer) {
    if (prefer == null) {
      return NONE;
    }
    String value = prefer.trim().toLowerCase(Locale.ROOT);
    for (ReturnPreference preference : values()) {
      if (value.equals(preference.headerValue)) {
        return preference;
      }
    }
    return NONE;
  }

  /** The {@code Preference-Applied} value a response honouring it sends, empty for none. */
  public Optional<String> applied() {
    return Optional.ofNullable(headerValue);
  }
}
